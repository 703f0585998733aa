import type { Ed25519Account } from "@aptos-labs/ts-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { signCallerProof } from "#shared/auth/caller-proof";
import { a2aPath, a2aRpc, dataMessage } from "../support/a2a-requests.js";
import { SELF } from "../support/checked-self.js";
import {
  address,
  fundedAccount,
  GATEWAY,
  pay,
  proofHeaders,
  testProcess,
} from "../support/ledger-fixtures.js";

// ListTasks lists the caller's own tasks (docs/gateway.md, "A2A", "Who may read a task"): with
// the payer's caller proof, the tasks of the runs it paid for on this process, newest first.

const taskSchema = z.looseObject({
  id: z.string(),
  status: z.looseObject({ state: z.string() }),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
const listSchema = z.object({
  tasks: z.array(taskSchema),
  nextPageToken: z.string(),
  pageSize: z.number(),
  totalSize: z.number(),
});
const envelopeSchema = z.looseObject({
  result: z.unknown().optional(),
  error: z.looseObject({ code: z.number() }).optional(),
});

/** A JSON-RPC call's envelope. */
async function call(args: Parameters<typeof a2aRpc>[0]) {
  return envelopeSchema.parse(await (await a2aRpc(args)).json());
}

/** ListTasks over JSON-RPC as `signer` (its proof over this very request), the page it answers. */
async function listAs(signer: Ed25519Account, processId: string, params = {}) {
  const answer = await call({ processId, method: "ListTasks", params, signer });
  expect(answer.error).toBeUndefined();
  return listSchema.parse(answer.result);
}

/** A paid task run to its end with `payer`'s proof (a payment it made before); its id. */
async function paidTask(processId: string, payer: Ed25519Account): Promise<string> {
  await pay({ payer, processId });
  const answer = await call({
    processId,
    method: "SendMessage",
    signer: payer,
    params: {
      message: dataMessage(
        { nonce: crypto.randomUUID() },
        { "agentgate/userAddress": address(payer) },
      ),
    },
  });
  const task = taskSchema.parse(z.object({ task: z.unknown() }).parse(answer.result).task);
  expect(task.status.state).toBe("TASK_STATE_COMPLETED");
  return task.id;
}

describe("ListTasks with a payer's caller proof", () => {
  let processA: string;
  let processB: string;
  let payer: Ed25519Account;
  let stranger: Ed25519Account;
  let older: string;
  let newer: string;
  let onB: string;

  beforeAll(async () => {
    processA = await testProcess("paid");
    processB = await testProcess("operated");
    payer = await fundedAccount();
    stranger = await fundedAccount();
    older = await paidTask(processA, payer);
    newer = await paidTask(processA, payer);
    onB = await paidTask(processB, payer);
  });

  it("lists the tasks the payer paid for on this process, newest first", async () => {
    const page = await listAs(payer, processA);
    expect(page.tasks.map((task) => task.id)).toEqual([newer, older]);
    expect(page).toMatchObject({ nextPageToken: "", pageSize: 50, totalSize: 2 });
    // No artifacts unless asked (A2A's default), and the access token is never listed.
    expect(page.tasks[0]).not.toHaveProperty("artifacts");
    expect(page.tasks[0]?.metadata).not.toHaveProperty("agentgate/accessToken");
    const full = await listAs(payer, processA, { includeArtifacts: true });
    expect(full.tasks[0]).toMatchObject({ artifacts: [{ artifactId: "result" }] });
  });

  it("pages with pageSize and the opaque pageToken", async () => {
    const first = await listAs(payer, processA, { pageSize: 1 });
    expect(first.tasks.map((task) => task.id)).toEqual([newer]);
    expect(first.nextPageToken).not.toBe("");
    const second = await listAs(payer, processA, { pageSize: 1, pageToken: first.nextPageToken });
    expect(second.tasks.map((task) => task.id)).toEqual([older]);
    expect(second.nextPageToken).toBe("");
  });

  it("filters by status", async () => {
    const done = await listAs(payer, processA, { status: "TASK_STATE_COMPLETED" });
    expect(done.tasks).toHaveLength(2);
    const working = await listAs(payer, processA, { status: "TASK_STATE_WORKING" });
    expect(working.tasks).toEqual([]);
  });

  it("lists none of my tasks to another payer's proof", async () => {
    const page = await listAs(stranger, processA);
    expect(page).toMatchObject({ tasks: [], totalSize: 0 });
  });

  it("refuses a replayed proof", async () => {
    const path = a2aPath(processA);
    // Params of its own: Ed25519 is deterministic, so the same request signed in the same second
    // by another test would be the same signature.
    const params = { pageSize: 7 };
    const text = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ListTasks", params });
    const proof = await proofHeaders({ signer: payer, path, text });
    const once = await call({
      processId: processA,
      method: "ListTasks",
      params,
      headers: proof,
    });
    expect(listSchema.parse(once.result).tasks).toHaveLength(2);
    const again = await call({
      processId: processA,
      method: "ListTasks",
      params,
      headers: proof,
    });
    expect(again.result).toBeUndefined();
    expect(again.error?.code).toBe(-32602);
  });

  it("lists nothing of process A on process B's URL", async () => {
    // A proof made for A's URL does not hold on B's: it signs the path.
    const text = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ListTasks", params: {} });
    const forA = await proofHeaders({ signer: payer, path: a2aPath(processA), text });
    const moved = await call({
      processId: processB,
      method: "ListTasks",
      params: {},
      headers: forA,
    });
    expect(moved.result).toBeUndefined();
    expect(moved.error?.code).toBe(-32602);
    // A proof for B's URL lists B's tasks only.
    const onBPage = await listAs(payer, processB);
    expect(onBPage.tasks.map((task) => task.id)).toEqual([onB]);
  });

  it("refuses a forged pageToken as invalid params", async () => {
    for (const pageToken of ["not-a-token", `${newer}x`, "' OR 1=1 --"]) {
      const answer = await call({
        processId: processA,
        method: "ListTasks",
        params: { pageToken },
        signer: payer,
      });
      expect(answer.error?.code).toBe(-32602);
    }
  });

  it("refuses a page size outside 1..100 as invalid params", async () => {
    for (const pageSize of [0, 101]) {
      const answer = await call({
        processId: processA,
        method: "ListTasks",
        params: { pageSize },
        signer: payer,
      });
      expect(answer.error?.code).toBe(-32602);
    }
  });

  it("answers an empty list without a credential", async () => {
    const answer = await call({ processId: processA, method: "ListTasks", params: {} });
    expect(listSchema.parse(answer.result)).toMatchObject({ tasks: [], totalSize: 0 });
  });

  it("lists over HTTP+JSON with a proof of the GET", async () => {
    const path = `${a2aPath(processA)}/tasks?pageSize=1`;
    const proof = await signCallerProof({
      privateKey: payer.privateKey,
      origin: GATEWAY,
      method: "GET",
      path,
      body: "",
    });
    const res = await SELF.fetch(`${GATEWAY}${path}`, {
      headers: { "a2a-version": "1.0", ...proof },
    });
    expect(res.status).toBe(200);
    const page = listSchema.parse(await res.json());
    expect(page.tasks.map((task) => task.id)).toEqual([newer]);
    expect(page.totalSize).toBe(2);
    const forged = await SELF.fetch(`${GATEWAY}${a2aPath(processA)}/tasks?pageToken=nope`, {
      headers: {
        "a2a-version": "1.0",
        ...(await signCallerProof({
          privateKey: payer.privateKey,
          origin: GATEWAY,
          method: "GET",
          path: `${a2aPath(processA)}/tasks?pageToken=nope`,
          body: "",
        })),
      },
    });
    expect(forged.status).toBe(400);
  });

  it("is not a 0.3 method: 0.3 has no tasks/list", async () => {
    const answer = await call({
      processId: processA,
      method: "tasks/list",
      params: {},
      signer: payer,
      version: null,
    });
    expect(answer.error?.code).toBe(-32601);
  });
});
