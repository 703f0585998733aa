/**
 * Every ledger command of the built CLI against a devnode: registry, payments (release,
 * cancel, refund, settle), workflows and approval, balances and the faucet, with --json output
 * checked against schemas and the failure cases' exit codes.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newFundedAccount, type TestAccount } from "./support/accounts.js";
import {
  addTaskJson,
  approveJson,
  balanceJson,
  fundJson,
  getProcessJson,
  listJson,
  payJson,
  paymentChangeJson,
  paymentJson,
  processChangeJson,
  registerJson,
  taskStatusJson,
  verifyJson,
  workflowChangeJson,
  workflowJson,
} from "./support/cli-schemas.js";
import { startCliStack, stopCliStack } from "./support/cli-stack.js";
import { expectFailure, jsonResult } from "./support/json-output.js";
import type { LocalStack } from "./support/local-stack.js";
import { runCli } from "./support/run-cli.js";

let stack: LocalStack;
let dir: string;
let env: Record<string, string>;
let owner: TestAccount;
let payer: TestAccount;
let processId: string;

const cli = (args: string[], as?: TestAccount) =>
  runCli(as ? [...args, "-p", as.key] : args, { env });

beforeAll(async () => {
  ({ stack, dir, env } = await startCliStack("agentgate-cli-ledger-", {
    devClock: true,
    gateway: false,
  }));
  owner = await newFundedAccount({ dir, name: "owner", env });
  payer = await newFundedAccount({ dir, name: "payer", env });
});

afterAll(() => stopCliStack(stack, dir));

describe("accounts", () => {
  it("shows a balance with APT and octas, and as JSON", async () => {
    const human = await cli(["balance"], payer);
    expect(human.stdout).toMatch(/balance\s+5 APT \(500000000 octas\)/);
    const body = jsonResult(await cli(["balance", owner.address, "--json"]), balanceJson);
    expect(body).toMatchObject({ address: owner.address, balance: "500000000" });
  });

  it("funds an account from the devnode faucet", async () => {
    const fresh = jsonResult(
      await cli(["account", "new", "--json"]),
      (await import("./support/cli-schemas.js")).accountNewJson,
    );
    const body = jsonResult(await cli(["fund", fresh.address, "-a", "12345", "--json"]), fundJson);
    expect(body).toMatchObject({ address: fresh.address, amount: "12345", balance: "12345" });
    expect(body.explorerUrl).toBeUndefined();
  });
});

describe("registry", () => {
  it("registers a process and prints the id from the registration event", async () => {
    const result = await cli(
      [
        "register",
        "--name",
        "Summariser",
        "--url",
        "https://agent.example/run",
        "--tags",
        "text,nlp",
        "--task-price",
        "1000",
        "--requires-prepayment",
        "true",
      ],
      owner,
    );
    expect(result.code).toBe(0);
    const id = /process id\s+(proc-\d+)/.exec(result.stdout)?.[1];
    expect(id).toBeDefined();
    processId = id ?? "";
  });

  it("lets a --config file override the options", async () => {
    const config = join(dir, "process.json");
    writeFileSync(
      config,
      JSON.stringify({
        id: "cfg-proc",
        name: "From config",
        url: "service://ECHO_AGENT",
        tags: ["cfg"],
        pricing: { taskPrice: "2500", requiresPrepayment: false },
      }),
    );
    const body = jsonResult(
      await cli(
        [
          "register",
          "-c",
          config,
          "--name",
          "From flags",
          "--url",
          "https://ignored.example",
          "--json",
        ],
        owner,
      ),
      registerJson,
    );
    expect(body).toMatchObject({ processId: "cfg-proc", owner: owner.address });
    const shown = jsonResult(await cli(["get-process", "cfg-proc", "--json"]), getProcessJson);
    expect(shown.process).toMatchObject({
      name: "From config",
      tags: ["cfg"],
      pricing: { taskPrice: "2500", currency: "APT", requiresPrepayment: false },
    });
    expect(shown.serviceUrl).toBe("service://ECHO_AGENT");
  });

  it("refuses a taken id with exit 5", async () => {
    const config = join(dir, "dup.json");
    writeFileSync(
      config,
      JSON.stringify({ id: "cfg-proc", name: "Again", url: "https://x.example" }),
    );
    expectFailure(await cli(["register", "-c", config], payer), 5, /error: .*(exist|taken)/i);
  });

  it("shows a process with status names and APT prices", async () => {
    const result = await cli(["get-process", processId]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/status\s+active/);
    expect(result.stdout).toMatch(/price\s+0.00001 APT \(1000 octas\), prepayment required/);
    expect(result.stdout).toMatch(/tags\s+text, nlp/);
    const body = jsonResult(await cli(["get-process", processId, "--json"]), getProcessJson);
    expect(body.process).toMatchObject({
      id: processId,
      owner: owner.address,
      status: "active",
      tags: ["text", "nlp"],
    });
  });

  it("exits 3 for a process that does not exist", async () => {
    expectFailure(
      await cli(["get-process", "no-such-process"]),
      3,
      /process no-such-process does not exist/,
    );
  });

  it("lists processes with filters by owner, tag and status", async () => {
    const all = jsonResult(await cli(["list", "--json"]), listJson);
    expect(all.count).toBe(all.processes.length);
    expect(all.processes.map((p) => p.id)).toEqual(expect.arrayContaining([processId, "cfg-proc"]));
    const tagged = jsonResult(await cli(["list", "-t", "nlp", "--json"]), listJson);
    expect(tagged.processes.map((p) => p.id)).toEqual([processId]);
    const byOwner = jsonResult(await cli(["list", "-o", payer.address, "--json"]), listJson);
    expect(byOwner.count).toBe(0);
    const table = await cli(["list", "-s", "active"]);
    expect(table.stdout).toMatch(/^ID\s+NAME\s+STATUS/);
  });

  it("updates by reading, merging and writing back", async () => {
    jsonResult(
      await cli(
        [
          "update",
          "-i",
          processId,
          "--status",
          "maintenance",
          "--description",
          "Now documented",
          "--json",
        ],
        owner,
      ),
      processChangeJson,
    );
    const body = jsonResult(await cli(["get-process", processId, "--json"]), getProcessJson);
    // Untouched fields survive the merge.
    expect(body.process).toMatchObject({
      status: "maintenance",
      description: "Now documented",
      name: "Summariser",
      tags: ["text", "nlp"],
      pricing: { taskPrice: "1000", requiresPrepayment: true },
    });
    const maintained = jsonResult(await cli(["list", "-s", "maintenance", "--json"]), listJson);
    expect(maintained.processes.map((p) => p.id)).toEqual([processId]);
    jsonResult(
      await cli(["update", "-i", processId, "--status", "active", "--json"], owner),
      processChangeJson,
    );
  });

  it("lets only the owner update or deregister", async () => {
    expectFailure(
      await cli(["update", "-i", processId, "--name", "Mine now"], payer),
      5,
      /only the owner/,
    );
    expectFailure(await cli(["deregister", "-i", processId], payer), 5, /only the owner/);
    expectFailure(
      await cli(["update", "-i", "no-such-process", "--name", "x"], owner),
      3,
      /does not exist/,
    );
  });
});

describe("payments", () => {
  it("pays into escrow and prints the hash and the task id", async () => {
    const result = await cli(["pay", "-i", processId, "-a", "1000"], payer);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/task id\s+task-[0-9a-f-]{36}/);
    expect(result.stdout).toMatch(/transaction\s+0x[0-9a-f]{64}/);
    expect(result.stdout).toMatch(/amount\s+0.00001 APT \(1000 octas\)/);
  });

  it("verifies a usable payment for the user and not for others", async () => {
    const yes = jsonResult(
      await cli(["verify-payment", "-i", processId, "-u", payer.address, "--json"]),
      verifyJson,
    );
    expect(yes.verified).toBe(true);
    const no = jsonResult(
      await cli(["verify-payment", "-i", processId, "-u", owner.address, "--json"]),
      verifyJson,
    );
    expect(no.verified).toBe(false);
  });

  it("releases a payment to the receiver", async () => {
    const paid = jsonResult(
      await cli(["pay", "-i", processId, "-a", "1000", "-t", "rel-1", "--json"], payer),
      payJson,
    );
    expect(paid).toMatchObject({
      processId,
      taskId: "rel-1",
      amount: "1000",
      payer: payer.address,
    });
    const before = jsonResult(
      await cli(["payment", "-i", processId, "-t", "rel-1", "--json"], payer),
      paymentJson,
    );
    expect(before.payment).toMatchObject({
      statusName: "ESCROW",
      outcomeName: "NONE",
      amount: "1000",
      receiver: owner.address,
    });
    jsonResult(
      await cli(["release", "-i", processId, "-t", "rel-1", "--json"], payer),
      paymentChangeJson,
    );
    const after = await cli(["payment", "-i", processId, "-t", "rel-1", "-u", payer.address]);
    expect(after.stdout).toMatch(/status\s+COMPLETED/);
    expectFailure(await cli(["release", "-i", processId, "-t", "rel-1"], payer), 5, /error:/);
  });

  it("lets the receiver cancel a payment, and not the payer", async () => {
    jsonResult(
      await cli(["pay", "-i", processId, "-a", "1000", "-t", "can-1", "--json"], payer),
      payJson,
    );
    expectFailure(
      await cli(["cancel", "-i", processId, "-t", "can-1", "-u", payer.address], payer),
      5,
      /error:/,
    );
    const body = jsonResult(
      await cli(["cancel", "-i", processId, "-t", "can-1", "-u", payer.address, "--json"], owner),
      paymentChangeJson,
    );
    expect(body.status).toBe("CANCELED");
    const shown = jsonResult(
      await cli(["payment", "-i", processId, "-t", "can-1", "-u", payer.address, "--json"]),
      paymentJson,
    );
    expect(shown.payment.statusName).toBe("CANCELED");
  });

  it("refuses a refund without a failed outcome, then settles after the window", async () => {
    jsonResult(
      await cli(["pay", "-i", processId, "-a", "1000", "-t", "set-1", "--json"], payer),
      payJson,
    );
    expectFailure(await cli(["refund", "-i", processId, "-t", "set-1"], payer), 5, /error:/);
    expectFailure(
      await cli(["settle", "-i", processId, "-t", "set-1", "-u", payer.address], owner),
      5,
      /error:/,
    );
    const advanced = await fetch(`${stack.ledgerOrigin}/dev/clock/advance`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ seconds: 700_000 }),
    });
    expect(advanced.ok).toBe(true);
    const body = jsonResult(
      await cli(["settle", "-i", processId, "-t", "set-1", "-u", payer.address, "--json"], owner),
      paymentChangeJson,
    );
    // No delivery was reported, so the escrow goes back to the payer.
    expect(body.status).toBe("REFUNDED");
  });

  it("exits 3 for a payment that does not exist and 5 for more than the balance", async () => {
    expectFailure(
      await cli(["payment", "-i", processId, "-t", "never", "-u", payer.address]),
      3,
      /no payment/,
    );
    expectFailure(
      await cli(["pay", "-i", processId, "-a", "999999999999", "-t", "big"], payer),
      5,
      /error:/,
    );
  });
});

describe("workflows", () => {
  it("creates a workflow and adds tasks with defaults and dependencies", async () => {
    jsonResult(
      await cli(
        [
          "create-workflow",
          "-i",
          "wf-1",
          "--name",
          "Pipeline",
          "--description",
          "Two steps",
          "--json",
        ],
        payer,
      ),
      workflowChangeJson,
    );
    const first = jsonResult(
      await cli(
        [
          "add-task",
          "--workflow",
          "wf-1",
          "--task",
          "t1",
          "--name",
          "Summarise",
          "--process",
          processId,
          "--json",
        ],
        payer,
      ),
      addTaskJson,
    );
    // Assignee and requester default to the signer.
    expect(first).toMatchObject({ assignee: payer.address, requester: payer.address, processId });
    jsonResult(
      await cli(
        [
          "add-task",
          "--workflow",
          "wf-1",
          "--task",
          "t2",
          "--name",
          "Review",
          "--dependencies",
          "t1",
          "--assignee",
          owner.address,
          "--json",
        ],
        payer,
      ),
      addTaskJson,
    );
    const unknownDependency = await cli(
      ["add-task", "--workflow", "wf-1", "--task", "t3", "--name", "x", "--dependencies", "nope"],
      payer,
    );
    expect([3, 5]).toContain(unknownDependency.code);
  });

  it("moves a paid task to completed and approves it, releasing the payment", async () => {
    jsonResult(
      await cli(["pay", "-i", processId, "-a", "1000", "-t", "t1", "--json"], payer),
      payJson,
    );
    const early = await cli(["task-status", "-w", "wf-1", "-t", "t2", "-s", "in_progress"], owner);
    expect(early.code).toBe(5);
    for (const status of ["in_progress", "completed"]) {
      const body = jsonResult(
        await cli(["task-status", "-w", "wf-1", "-t", "t1", "-s", status, "--json"], payer),
        taskStatusJson,
      );
      expect(body.status).toBe(status);
    }
    const approved = jsonResult(
      await cli(["approve", "-w", "wf-1", "-t", "t1", "--json"], payer),
      approveJson,
    );
    expect(approved.paymentReleased).toBe(true);
    const payment = jsonResult(
      await cli(["payment", "-i", processId, "-t", "t1", "-u", payer.address, "--json"]),
      paymentJson,
    );
    expect(payment.payment.statusName).toBe("COMPLETED");
  });

  it("approves a task without a payment, only for its requester", async () => {
    for (const status of ["in_progress", "completed"]) {
      jsonResult(
        await cli(["task-status", "-w", "wf-1", "-t", "t2", "-s", status, "--json"], owner),
        taskStatusJson,
      );
    }
    expectFailure(await cli(["approve", "-w", "wf-1", "-t", "t2"], owner), 5, /error:/);
    const plain = jsonResult(
      await cli(["approve", "-w", "wf-1", "-t", "t2", "--json"], payer),
      approveJson,
    );
    expect(plain.paymentReleased).toBe(false);
  });

  it("shows a workflow with its tasks and status names", async () => {
    const body = jsonResult(await cli(["workflow", "wf-1", "--json"]), workflowJson);
    expect(body.workflow).toMatchObject({ id: "wf-1", status: "completed", taskCount: 2 });
    expect(body.workflow.tasks.map((t) => [t.id, t.status])).toEqual([
      ["t1", "approved"],
      ["t2", "approved"],
    ]);
    const human = await cli(["workflow", "wf-1"]);
    expect(human.stdout).toMatch(/TASK\s+NAME\s+STATUS/);
    expect(human.stdout).toMatch(/t1\s+Summarise\s+approved/);
    expectFailure(await cli(["workflow", "no-such-wf"]), 3, /does not exist/);
    expectFailure(await cli(["approve", "-w", "wf-1", "-t", "nope"], payer), 3, /does not exist/);
  });
});

describe("deregister", () => {
  it("removes the process for its owner", async () => {
    jsonResult(await cli(["deregister", "-i", "cfg-proc", "--json"], owner), processChangeJson);
    expectFailure(await cli(["get-process", "cfg-proc"]), 3, /does not exist/);
  });
});
