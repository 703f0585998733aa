/**
 * Transactions the ledger would refuse are refused by the CLI before they are signed
 * (README.md, "CLI reference": every signing command simulates first): nothing is submitted,
 * so the signer's balance and sequence number do not move. Also `report` then `refund` after a
 * failed paid task, the usage error of `fund -a 0`, and a module address without the package.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { newFundedAccount, type TestAccount } from "./support/accounts.js";
import {
  addTaskJson,
  balanceJson,
  payJson,
  paymentChangeJson,
  paymentJson,
  registerJson,
  reportJson,
  workflowChangeJson,
} from "./support/cli-schemas.js";
import { startCliStack, stopCliStack } from "./support/cli-stack.js";
import { gasFee } from "./support/gas-fee.js";
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

const accountJson = z.object({ sequence_number: z.string() });

/** What a transaction would change: the account's balance and its sequence number. */
async function footprint(account: TestAccount): Promise<{ balance: bigint; sequence: bigint }> {
  const balance = jsonResult(await cli(["balance", account.address, "--json"]), balanceJson);
  const answer = await fetch(`${stack.ledgerUrl}/accounts/${account.address}`);
  const { sequence_number } = accountJson.parse(await answer.json());
  return { balance: BigInt(balance.balance), sequence: BigInt(sequence_number) };
}

/** Runs a command that must be refused before anything is submitted. */
async function expectRefusedUnsent(
  as: TestAccount,
  args: string[],
  message: RegExp,
): Promise<void> {
  const before = await footprint(as);
  expectFailure(await cli(args, as), 5, message);
  expect(await footprint(as)).toEqual(before);
}

beforeAll(async () => {
  ({ stack, dir, env } = await startCliStack("agentgate-cli-aborts-", { gateway: false }));
  owner = await newFundedAccount({ dir, name: "owner", env });
  payer = await newFundedAccount({ dir, name: "payer", env });
  const registered = jsonResult(
    await cli(
      ["register", "--name", "Priced", "--url", "https://agent.example/run"].concat([
        "--task-price",
        "1000",
        "--json",
      ]),
      owner,
    ),
    registerJson,
  );
  processId = registered.processId;
});

afterAll(() => stopCliStack(stack, dir));

describe("predicted aborts stop before submitting", () => {
  it("refuses an amount below the price", async () => {
    await expectRefusedUnsent(
      payer,
      ["pay", "-i", processId, "-a", "999", "-t", "low-1"],
      /^error: The amount is below the process's task price \(EAMOUNT_BELOW_PRICE in payment\)$/m,
    );
    // With --json: the same refusal, and no transaction hash, since none was submitted.
    const json = await cli(["pay", "-i", processId, "-a", "999", "--json"], payer);
    expect(json.code).toBe(5);
    expect(JSON.parse(json.stderr)).toEqual({
      success: false,
      error: "The amount is below the process's task price (EAMOUNT_BELOW_PRICE in payment)",
      kind: "refused",
    });
  });

  it("refuses to release a payment already released", async () => {
    jsonResult(
      await cli(["pay", "-i", processId, "-a", "1000", "-t", "rel-1", "--json"], payer),
      payJson,
    );
    jsonResult(
      await cli(["release", "-i", processId, "-t", "rel-1", "--json"], payer),
      paymentChangeJson,
    );
    await expectRefusedUnsent(
      payer,
      ["release", "-i", processId, "-t", "rel-1"],
      /The payment is no longer in escrow \(ENOT_IN_ESCROW in payment\)/,
    );
  });

  it("refuses a refund without a failed outcome", async () => {
    jsonResult(
      await cli(["pay", "-i", processId, "-a", "1000", "-t", "ref-1", "--json"], payer),
      payJson,
    );
    await expectRefusedUnsent(
      payer,
      ["refund", "-i", processId, "-t", "ref-1"],
      /A refund needs the provider to have reported the task failed \(EOUTCOME_NOT_FAILED/,
    );
  });

  it("refuses a task whose dependency does not exist", async () => {
    jsonResult(
      await cli(["create-workflow", "-i", "wf-a", "--name", "Steps", "--json"], payer),
      workflowChangeJson,
    );
    await expectRefusedUnsent(
      payer,
      ["add-task", "--workflow", "wf-a", "--task", "t1", "--name", "x", "--dependencies", "nope"],
      /Every dependency must already be a task of the workflow \(EDEPENDENCY_NOT_FOUND/,
    );
    // The same task without the bad dependency goes through.
    jsonResult(
      await cli(["add-task", "--workflow", "wf-a", "--task", "t1", "--name", "x", "--json"], payer),
      addTaskJson,
    );
  });
});

describe("report", () => {
  it("lets the provider report a paid task failed, and the payer then refund it", async () => {
    jsonResult(
      await cli(["pay", "-i", processId, "-a", "1000", "-t", "fail-1", "--json"], payer),
      payJson,
    );
    // Only the provider or an agent of the process may report.
    await expectRefusedUnsent(
      payer,
      ["report", "-i", processId, "-t", "fail-1", "-u", payer.address, "--failed"],
      /Only the provider or one of the process's agents may report an outcome/,
    );
    const reported = jsonResult(
      await cli(
        ["report", "-i", processId, "-t", "fail-1", "-u", payer.address, "--failed", "--json"],
        owner,
      ),
      reportJson,
    );
    expect(reported).toMatchObject({ processId, taskId: "fail-1", outcome: "FAILED" });
    const shown = jsonResult(
      await cli(["payment", "-i", processId, "-t", "fail-1", "-u", payer.address, "--json"]),
      paymentJson,
    );
    expect(shown.payment.outcomeName).toBe("FAILED");

    const before = await footprint(payer);
    const refunded = jsonResult(
      await cli(["refund", "-i", processId, "-t", "fail-1", "--json"], payer),
      paymentChangeJson,
    );
    expect(refunded.status).toBe("REFUNDED");
    const fee = await gasFee(stack.ledgerUrl, refunded.transactionHash);
    expect(fee).toBeGreaterThan(0n);
    expect((await footprint(payer)).balance).toBe(before.balance + 1000n - fee);
  });

  it("records a delivery with its result hash", async () => {
    jsonResult(
      await cli(["pay", "-i", processId, "-a", "1000", "-t", "ok-1", "--json"], payer),
      payJson,
    );
    const reported = jsonResult(
      await cli(
        ["report", "-i", processId, "-t", "ok-1", "-u", payer.address].concat([
          "--delivered",
          "--result-hash",
          "0xabcd",
          "--json",
        ]),
        owner,
      ),
      reportJson,
    );
    expect(reported.outcome).toBe("DELIVERED");
    const shown = jsonResult(
      await cli(["payment", "-i", processId, "-t", "ok-1", "-u", payer.address, "--json"]),
      paymentJson,
    );
    expect(shown.payment.outcomeName).toBe("DELIVERED");
    // Once is all: a second report is predicted to abort.
    await expectRefusedUnsent(
      owner,
      ["report", "-i", processId, "-t", "ok-1", "-u", payer.address, "--failed"],
      /The outcome was already reported/,
    );
  });

  it("needs exactly one of --delivered and --failed, and a result hash only with --delivered", async () => {
    const key = ["report", "-i", processId, "-t", "ok-1", "-u", payer.address];
    expectFailure(await cli(key, owner), 2, /--delivered or --failed/);
    expectFailure(
      await cli([...key, "--delivered", "--failed"], owner),
      2,
      /--delivered or --failed/,
    );
    expectFailure(
      await cli([...key, "--failed", "--result-hash", "0xab"], owner),
      2,
      /--result-hash/,
    );
    expectFailure(
      await cli([...key, "--delivered", "--result-hash", "xyz"], owner),
      2,
      /--result-hash/,
    );
  });
});

describe("refusals without a request", () => {
  it("makes fund -a 0 a usage error", async () => {
    // No ledger to reach: the check comes before any request.
    const result = await runCli(["fund", owner.address, "-a", "0"], {
      env: { APTOS_NETWORK: "http://127.0.0.1:9/v1" },
    });
    expectFailure(result, 2, /amount/);
  });
});

describe("a module address without the package", () => {
  const elsewhere = () => ({ ...env, APTOS_MODULE_ADDRESS: "0x1" });

  it("names the missing package for views", async () => {
    const result = await runCli(["list"], { env: elsewhere() });
    expectFailure(result, 5, /^error: no agent_platform package at 0x1 /);
  });

  it("names the missing package for transactions, and submits nothing", async () => {
    const before = await footprint(payer);
    const result = await runCli(["pay", "-i", processId, "-a", "1000", "-p", payer.key], {
      env: elsewhere(),
    });
    expectFailure(result, 5, /^error: no agent_platform package at 0x1 /);
    expect(await footprint(payer)).toEqual(before);
  });
});
