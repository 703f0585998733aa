import { env, runInDurableObject, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { agentExecuteFailureSchema, agentExecuteSuccessSchema } from "#shared/schemas/agent";
import type { AgentDurableObject } from "../src/durable/agent-durable-object.js";
import {
  agentRequest,
  jsonBody,
  newTransactionId,
  PROCESS_ID,
  signedExecuteRequest,
} from "./helpers.js";

/** What a restart of the instance does to runs in flight: its memory of them is gone. */
function forgetRunsInFlight(stub: DurableObjectStub<AgentDurableObject>) {
  return runInDurableObject(stub, (instance) => {
    const claims: unknown = Reflect.get(instance, "claims");
    if (!(claims instanceof Map)) throw new Error("AgentDurableObject keeps no claims map");
    claims.clear();
  });
}

const execute = async (body: unknown) => SELF.fetch(await signedExecuteRequest(body));

describe("one run per transactionId", () => {
  it("returns the stored result of the first run without running again", async () => {
    const request = agentRequest({ data: { log: ["ran"] } });
    const first = await execute(request);
    const second = await execute(request);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const a = agentExecuteSuccessSchema.parse(await first.json());
    const b = agentExecuteSuccessSchema.parse(await second.json());
    // runId is new on every run of the echo handler.
    expect(b.result.runId).toBe(a.result.runId);
    expect(b).toEqual(a);
  });

  it("replays a failure as a failure, without running again", async () => {
    const request = agentRequest({ data: { log: ["once"], fail: "nope" } });
    const a = agentExecuteFailureSchema.parse(await (await execute(request)).json());
    const second = await execute(request);
    expect(second.status).toBe(400);
    expect(agentExecuteFailureSchema.parse(await second.json())).toEqual(a);
  });

  it("runs once when two requests with the same id arrive together", async () => {
    const request = agentRequest({ data: { delayMs: 150 } });
    const responses = await Promise.all([execute(request), execute(request), execute(request)]);
    const bodies = await Promise.all(
      responses.map(async (r) => {
        expect(r.status).toBe(200);
        return agentExecuteSuccessSchema.parse(await r.json());
      }),
    );
    const runIds = new Set(bodies.map((b) => b.result.runId));
    expect(runIds.size).toBe(1);
  });

  it("answers 409 when the id was used for a different request", async () => {
    const request = agentRequest({ data: { n: 1 } });
    expect((await execute(request)).status).toBe(200);
    const response = await execute({ ...request, data: { n: 2 } });
    expect(response.status).toBe(409);
    expect(await jsonBody(response)).toMatchObject({
      success: false,
      code: "conflict",
      executionTime: 0,
      logs: [],
    });
  });

  it("answers 409 to a duplicate whose first run outlives the wait, and never lets the id run again", async () => {
    const stub = env.AGENT_DO.getByName("claims");
    const transactionId = newTransactionId("claimed");
    const claimedAt = Date.now();
    const args = { transactionId, requestHash: "h", waitMs: 100 };
    expect(await stub.begin({ ...args, now: claimedAt })).toEqual({ kind: "run" });
    // Nobody finishes it: the duplicate waits out the rest of the 100 ms, then is told it runs.
    expect(await stub.begin({ ...args, now: claimedAt })).toEqual({ kind: "running" });
    // Past the wait the claim belongs to a run that died (its time limit is shorter); the id was
    // taken all the same, so a replay of the gateway's signed request cannot run it a second time.
    expect(await stub.begin({ ...args, now: claimedAt + 101 })).toEqual({ kind: "taken" });
  });

  it("hands a duplicate the first run's outcome once it finishes while the duplicate waits", async () => {
    const stub = env.AGENT_DO.getByName("claims");
    const transactionId = newTransactionId("waited");
    const args = { transactionId, requestHash: "h", waitMs: 10_000 };
    expect(await stub.begin({ ...args, now: Date.now() })).toEqual({ kind: "run" });
    const duplicate = stub.begin({ ...args, now: Date.now() });
    await stub.finish({
      transactionId,
      requestHash: "h",
      status: "completed",
      resultJson: '{"n":1}',
      error: null,
      executionTime: 3,
      logs: ["line"],
      now: Date.now(),
    });
    expect(await duplicate).toEqual({
      kind: "done",
      transaction: {
        transactionId,
        status: "completed",
        resultJson: '{"n":1}',
        error: null,
        executionTime: 3,
        logs: ["line"],
      },
    });
  });

  it("does not run an id again after a restart lost the claim of its run in flight", async () => {
    const stub = env.AGENT_DO.getByName("restarted");
    const transactionId = newTransactionId("restart");
    const args = { transactionId, requestHash: "h", now: Date.now(), waitMs: 10_000 };
    expect(await stub.begin(args)).toEqual({ kind: "run" });
    // A restart loses the in-memory claim; the mark in storage stays.
    await forgetRunsInFlight(stub);
    expect(await stub.begin(args)).toEqual({ kind: "taken" });
    // The first run, finishing after all, is what a repeat is answered with.
    await stub.finish({
      transactionId,
      requestHash: "h",
      status: "completed",
      resultJson: '{"run":"first"}',
      error: null,
      executionTime: 1,
      logs: ["first"],
      now: Date.now(),
    });
    expect(await stub.begin(args)).toMatchObject({
      kind: "done",
      transaction: { resultJson: '{"run":"first"}', logs: ["first"] },
    });
  });

  it("refuses a replayed request over HTTP when its outcome was lost, without running it", async () => {
    const request = agentRequest({ data: { log: ["once"] } });
    const signed = await signedExecuteRequest(request);
    expect((await SELF.fetch(signed.clone())).status).toBe(200);
    // Retention removed the outcome (or a restart lost the run): only the mark is left.
    await runInDurableObject(env.AGENT_DO.getByName(PROCESS_ID), (_, state) => {
      state.storage.sql.exec(
        "DELETE FROM agent_transactions WHERE transaction_id = ?",
        request.transactionId,
      );
    });
    const replayed = await SELF.fetch(signed);
    expect(replayed.status).toBe(409);
    expect(await jsonBody(replayed)).toMatchObject({ code: "conflict" });
  });

  it("stores every outcome of runs that finish together, each call returning after its own is stored", async () => {
    const stub = env.AGENT_DO.getByName("batched-finishes");
    const ids = Array.from({ length: 6 }, () => newTransactionId("batched"));
    const now = Date.now();
    await Promise.all(
      ids.map((transactionId) =>
        stub.begin({ transactionId, requestHash: "h", now, waitMs: 10_000 }),
      ),
    );
    await Promise.all(
      ids.map((transactionId) =>
        stub.finish({
          transactionId,
          requestHash: "h",
          status: "failed",
          resultJson: null,
          error: `failed ${transactionId}`,
          executionTime: 2,
          logs: [transactionId],
          now,
        }),
      ),
    );
    for (const transactionId of ids) {
      expect(await stub.transactionLogs({ transactionId })).toEqual({ logs: [transactionId] });
    }
  });
});
