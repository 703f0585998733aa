import type { Ed25519Account } from "@aptos-labs/ts-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { signCallerProof } from "#shared/auth/caller-proof";
import { a2aPath, a2aRpcAnswer, a2aTaskSchema, sendAsPayer } from "../support/a2a-requests.js";
import { SELF } from "../support/checked-self.js";
import {
  fundedAccount,
  GATEWAY,
  pay,
  proofHeaders,
  testProcess,
} from "../support/ledger-fixtures.js";

// ListTasks lists the caller's own tasks (docs/gateway.md, "A2A", "Who may read a task"): with
// the payer's caller proof, the tasks of the runs it paid for on this process, newest first.

const listSchema = z.object({
  tasks: z.array(a2aTaskSchema),
  nextPageToken: z.string(),
  pageSize: z.number(),
  totalSize: z.number(),
});

/** ListTasks over JSON-RPC as `signer` (its proof over this very request), the page it answers. */
async function listAs(signer: Ed25519Account, processId: string, params = {}) {
  const answer = await a2aRpcAnswer({ processId, method: "ListTasks", params, signer });
  expect(answer.error).toBeUndefined();
  return listSchema.parse(answer.result);
}

/** ListTasks over HTTP+JSON as `signer`: `GET .../tasks?query`, its proof over that GET. */
async function restListAs(signer: Ed25519Account, processId: string, query: string) {
  const path = `${a2aPath(processId)}/tasks?${query}`;
  const proof = await signCallerProof({
    privateKey: signer.privateKey,
    origin: GATEWAY,
    method: "GET",
    path,
    body: "",
  });
  return SELF.fetch(`${GATEWAY}${path}`, { headers: { "a2a-version": "1.0", ...proof } });
}

/** A paid task run to its end with `payer`'s proof: its id and access token. */
async function paidTask(processId: string, payer: Ed25519Account) {
  await pay({ payer, processId });
  const { task, bearer } = await sendAsPayer({ processId, payer });
  expect(task.status.state).toBe("TASK_STATE_COMPLETED");
  return { id: task.id, bearer };
}

describe("ListTasks with a payer's caller proof", () => {
  let processA: string;
  let processB: string;
  let payer: Ed25519Account;
  let stranger: Ed25519Account;
  let older: Awaited<ReturnType<typeof paidTask>>;
  let newer: string;
  let onB: string;

  beforeAll(async () => {
    processA = await testProcess("paid");
    processB = await testProcess("operated");
    payer = await fundedAccount();
    stranger = await fundedAccount();
    older = await paidTask(processA, payer);
    newer = (await paidTask(processA, payer)).id;
    onB = (await paidTask(processB, payer)).id;
  });

  it("lists the tasks the payer paid for on this process, newest first", async () => {
    const page = await listAs(payer, processA);
    expect(page.tasks.map((task) => task.id)).toEqual([newer, older.id]);
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
    expect(second.tasks.map((task) => task.id)).toEqual([older.id]);
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
    const once = await a2aRpcAnswer({
      processId: processA,
      method: "ListTasks",
      params,
      headers: proof,
    });
    expect(listSchema.parse(once.result).tasks).toHaveLength(2);
    const again = await a2aRpcAnswer({
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
    const moved = await a2aRpcAnswer({
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

  it("refuses a forged pageToken, or a page size outside 1..100, as invalid params", async () => {
    const forged = ["not-a-token", `${newer}x`, "' OR 1=1 --"].map((pageToken) => ({ pageToken }));
    for (const params of [...forged, { pageSize: 0 }, { pageSize: 101 }]) {
      const answer = await a2aRpcAnswer({
        processId: processA,
        method: "ListTasks",
        params,
        signer: payer,
      });
      expect(answer.error?.code).toBe(-32602);
    }
  });

  it("answers an empty list without a credential, or with a run's token but no contextId", async () => {
    for (const headers of [{}, older.bearer]) {
      const answer = await a2aRpcAnswer({
        processId: processA,
        method: "ListTasks",
        params: {},
        headers,
      });
      expect(listSchema.parse(answer.result)).toMatchObject({ tasks: [], totalSize: 0 });
    }
  });

  it("lists the one task contextId names to the holder of its access token", async () => {
    const answer = await a2aRpcAnswer({
      processId: processA,
      method: "ListTasks",
      params: { contextId: older.id },
      headers: older.bearer,
    });
    expect(listSchema.parse(answer.result).tasks.map((task) => task.id)).toEqual([older.id]);
  });

  it("lists over HTTP+JSON with a proof of the GET", async () => {
    const res = await restListAs(payer, processA, "pageSize=1");
    expect(res.status).toBe(200);
    const page = listSchema.parse(await res.json());
    expect(page.tasks.map((task) => task.id)).toEqual([newer]);
    expect(page.totalSize).toBe(2);
    expect((await restListAs(payer, processA, "pageToken=nope")).status).toBe(400);
    const late = await restListAs(payer, processA, "statusTimestampAfter=2999-01-01T00:00:00Z");
    expect(listSchema.parse(await late.json()).tasks).toEqual([]);
  });

  it("answers hostile parameters with A2A's errors or a list, never an internal error", async () => {
    const hostile = [
      { pageSize: "many" },
      { pageSize: 2.5 },
      { status: "TASK_STATE_BOGUS" },
      { statusTimestampAfter: "yesterday" },
      { contextId: 5 },
      { pageToken: { cursor: 1 } },
      { includeArtifacts: "yes", historyLength: -1 },
    ];
    for (const params of hostile) {
      const answer = await a2aRpcAnswer({
        processId: processA,
        method: "ListTasks",
        params,
        signer: payer,
      });
      expect(answer.error?.code ?? 0).not.toBe(-32603);
    }
    for (const query of ["pageSize=-1", "status=%00", "statusTimestampAfter=x", "pageToken=%FF"]) {
      expect((await restListAs(payer, processA, query)).status).toBeLessThan(500);
    }
  });

  it("is not a 0.3 method: 0.3 has no tasks/list", async () => {
    const answer = await a2aRpcAnswer({
      processId: processA,
      method: "tasks/list",
      params: {},
      signer: payer,
      version: null,
    });
    expect(answer.error?.code).toBe(-32601);
  });
});
