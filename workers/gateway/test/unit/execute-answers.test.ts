import { describe, expect, it } from "vitest";
import { sha256Hex } from "#shared/auth/agent-signature";
import { PROCESS_STATUS } from "#shared/contract/status";
import { type AppError, appError, fail, ok } from "#shared/errors/app-error";
import { gatewayContextJson } from "#shared/ledger/records";
import type { ExecuteRequest } from "../../src/execute/execute-types.js";
import type { AgentOutcome } from "../../src/execute/forward-to-agent.js";
import { newTransactionId } from "../../src/execute/transaction-id.js";
import { type RunOutcome, runEndOf } from "../../src/runs/run-answer.js";
import { type RunDeps, runExecute } from "../../src/runs/run-execute.js";
import { RUN_KEEP_MS } from "../../src/runs/run-limits.js";
import type { EndedRun } from "../../src/runs/run-types.js";
import type { RunApi } from "../../src/runs/start-run.js";
import { failedRun } from "../support/failed-run.js";

// Which execute answers are SPEC's failed run and which are 5xx (SPEC.md, "Errors";
// docs/gateway.md, "Execute"): the refusals before a run, on a free process whose deps say what
// the agent does, and the answers to a run's outcome as its run object gives them (runEndOf).

const PROCESS_ID = "shapes-unit";
const USER = `0x${"ab".repeat(32)}`;

const context = gatewayContextJson.parse({
  process_exists: true,
  status: PROCESS_STATUS.active,
  owner: `0x${"cd".repeat(32)}`,
  service_url: "https://agent.test",
  pricing: { vec: [] },
  agents: [],
  open_payments: [],
  authentication_key: "0x",
  now: "1",
});

/** A dependency a free run without an Idempotency-Key must never reach. */
function untouched<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get: () => {
      throw new Error(`${name} used by a free run`);
    },
  });
}

function depsOf(args: {
  forward: () => Promise<AgentOutcome>;
  dataRefusal?: AppError;
  unresolvable?: string;
  /** The run object, where a test lets a free run reach it. */
  runApi?: RunApi;
}): RunDeps {
  return {
    loadContext: async () => context,
    claims: () => untouched("claims"),
    resolveTarget: () =>
      args.unresolvable === undefined
        ? { ok: true, target: { fetcher: null, baseUrl: "https://agent.test" } }
        : { ok: false, message: args.unresolvable },
    forward: args.forward,
    checkData: async () => (args.dataRefusal === undefined ? ok(true) : fail(args.dataRefusal)),
    operator: { address: null, owners: [], minPriceOctas: 0n },
    publicOrigin: null,
    reports: untouched("reports"),
    claimRun: () => {
      throw new Error("claimRun used by a free run");
    },
    timeoutMs: 1_000,
    run: () => args.runApi ?? untouched("run"),
    ledger: untouched("ledger"),
    unsignedTransactionTtlSeconds: 600,
  };
}

function run(deps: RunDeps, blockingTask?: ExecuteRequest["blockingTask"]) {
  const rawBody = new TextEncoder().encode(JSON.stringify({ userAddress: USER, data: {} }));
  return runExecute({
    request: {
      processId: PROCESS_ID,
      body: { userAddress: USER, data: {} },
      rawBody,
      headers: new Headers(),
      path: `/api/execute/${PROCESS_ID}`,
      idempotencyKey: null,
      payment: null,
      speaksX402: false,
      resourceUrl: `https://gateway.test/api/execute/${PROCESS_ID}`,
      origin: "https://gateway.test",
      ...(blockingTask === undefined ? {} : { respondAsync: true, blockingTask }),
    },
    deps,
  });
}

/** SPEC's answer to a run that ended in `outcome`. */
function answerTo(outcome: RunOutcome) {
  return runEndOf({ outcome, transactionId: newTransactionId(), processId: PROCESS_ID }).answer;
}

const neverCalled = async (): Promise<AgentOutcome> => {
  throw new Error("the agent was called");
};

describe("execute answers in SPEC's shapes", () => {
  it("answers data the agent's schema refuses as a failed run with the issues", async () => {
    const issues = [{ path: "body.data.text", message: "required" }];
    const answer = await run(
      depsOf({
        forward: neverCalled,
        dataRefusal: appError("validation_failed", "body.data.text: required", { issues }),
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(
      failedRun({ processId: PROCESS_ID, code: "validation_failed", details: { issues } }),
    );
  });

  it("answers an agent that cannot be asked or resolved as a failed run with the reason", async () => {
    const schemaDown = await run(
      depsOf({
        forward: neverCalled,
        dataRefusal: appError("agent_unavailable", "The process's agent did not answer"),
      }),
    );
    const unresolvable = await run(depsOf({ forward: neverCalled, unresolvable: "no binding" }));
    for (const [answer, reason] of [
      [schemaDown, "The process's agent did not answer"],
      [unresolvable, "no binding"],
    ] as const) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject(
        failedRun({ processId: PROCESS_ID, code: "agent_unavailable", details: { reason } }),
      );
    }
  });

  it("answers an agent that refuses the gateway or gives no usable answer as a failed run", async () => {
    const answer = answerTo({
      kind: "unexpected",
      detail: "the agent refused the gateway's request (HTTP 403)",
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(
      failedRun({
        processId: PROCESS_ID,
        code: "agent_unavailable",
        details: { reason: expect.stringContaining("HTTP 403") },
      }),
    );
  });

  it("answers an agent's own failure as a failed run with agent_failed", async () => {
    const answer = answerTo({ kind: "failed", error: "no such document" });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(
      failedRun({ processId: PROCESS_ID, code: "agent_failed", error: "no such document" }),
    );
  });

  it("keeps SPEC's 500, without detail, for the gateway's own failure", async () => {
    const answer = answerTo({
      kind: "gateway_fault",
      detail: "signing key unreadable at /secret/path.ts:1:1",
    });
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({
      success: false,
      code: "internal_error",
      error: "Internal server error",
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/secret|path\.ts/);
  });
});

/** A run object that only keeps ended runs (into `kept`): a start fails the test. */
function keepingRunApi(kept: EndedRun[]): RunApi {
  const started = () => Promise.reject(new Error("a run object started the run"));
  return {
    start: started,
    startAndAwait: started,
    keepEnded: async (ended) => {
      kept.push(ended);
    },
  };
}

describe("a blocking task's free run (A2A's blocking SendMessage)", () => {
  it("runs in its request and keeps its end in the run object after the answer", async () => {
    const kept: EndedRun[] = [];
    const after: Promise<unknown>[] = [];
    const runApi = keepingRunApi(kept);
    const answer = await run(
      depsOf({ forward: async () => ({ kind: "completed", result: { echo: 1 } }), runApi }),
      { add: (work) => after.push(work()) },
    );
    expect(answer.status).toBe(200);
    expect(after).toHaveLength(1);
    await Promise.all(after);
    const [ended] = kept;
    if (ended === undefined || answer.kept === undefined) throw new Error("nothing kept");
    expect(answer.kept.record).toEqual(ended.record);
    expect(ended.record).toMatchObject({ status: "completed", result: { echo: 1 }, taskId: null });
    expect(ended.record.expiresAt).toBe((ended.record.endedAt ?? 0) + RUN_KEEP_MS);
    expect(ended.answer).toMatchObject({ status: 200, body: { result: { echo: 1 } } });
    // The token is shown in the answer only; the object keeps its hash, as for any run.
    expect(ended.spec.tokenHash).toBe(await sha256Hex(answer.kept.accessToken));
    expect(JSON.stringify(ended)).not.toContain(answer.kept.accessToken);
  });

  it("keeps an agent's failure as the failed task it is", async () => {
    const kept: EndedRun[] = [];
    const runApi = keepingRunApi(kept);
    const answer = await run(
      depsOf({ forward: async () => ({ kind: "failed", error: "no such document" }), runApi }),
      { add: (work) => work() },
    );
    expect(answer.kept?.record).toMatchObject({
      status: "failed",
      code: "agent_failed",
      error: "no such document",
    });
    expect(kept[0]?.answer.status).toBe(400);
  });
});
