import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { agentExecuteSuccessSchema } from "#shared/schemas/agent";
import type { AgentStreamEvent } from "#shared/schemas/agent-events";
import { MAX_QUEUED_RUNS } from "../src/durable/run-queue.js";
import {
  agentRequest,
  fetchEcho,
  newTransactionId,
  signedExecuteRequest,
  signedLogsRequest,
} from "./helpers.js";
import { answerOf, openEcho, readStream, streamRequest, types } from "./stream-helpers.js";

let agents = 0;
/** An echo deployment of its own (its own Durable Object, so its own queue), one run at a time. */
function queuedAgent(timeoutMs = 3_000) {
  agents++;
  const processId = `echo-queue-${agents}`;
  const vars = {
    AGENT_PROCESS_ID: processId,
    AGENT_MAX_CONCURRENT_RUNS: "1",
    AGENT_TIMEOUT_MS: String(timeoutMs),
  };
  const request = (data: Record<string, unknown>) => agentRequest({ processId, data });
  return { processId, vars, request };
}

/** A run that takes the agent's one slot and keeps it until the test releases it. */
async function holdTheSlot(processId: string) {
  const store = env.AGENT_DO.getByName(processId);
  const holder = newTransactionId("holder");
  await store.enterQueue({
    transactionId: holder,
    maxConcurrentRuns: 1,
    leaseMs: 10_000,
    waitMs: 10_000,
    now: Date.now(),
  });
  return { store, holder };
}

/** Starts a streamed run and reads it; `reached(type)` settles once that event was read. */
async function startRun(body: unknown, vars: Record<string, unknown>, signal?: AbortSignal) {
  const waiting = new Map<string, () => void>();
  const seen = new Set<string>();
  const reached = (type: AgentStreamEvent["type"]) =>
    seen.has(type) ? Promise.resolve() : new Promise<void>((r) => waiting.set(type, r));
  const { response, done } = await openEcho(await streamRequest(body, signal), vars);
  const read = readStream(response, (event) => {
    seen.add(event.type);
    waiting.get(event.type)?.();
  });
  return { read, done, reached };
}

describe("maxConcurrentRuns: the queue", () => {
  it("holds a second run until the first ends, streaming queued then started", async () => {
    const agent = queuedAgent();
    const first = await startRun(agent.request({ log: ["first"], delayMs: 200 }), agent.vars);
    await first.reached("started");
    const second = await startRun(agent.request({ log: ["second"] }), agent.vars);
    const [a, b] = await Promise.all([first.read, second.read]);
    await Promise.all([first.done, second.done]);
    expect(types(a)).toEqual(["started", "log", "answer"]);
    expect(types(b)).toEqual(["queued", "started", "log", "answer"]);
    // Each line is stamped as its handler starts: the second began after the first's 200 ms.
    const startedAt = (read: typeof a) => Date.parse(answerOf(read).logs[0]?.split(" ")[0] ?? "");
    expect(startedAt(b) - startedAt(a)).toBeGreaterThanOrEqual(200);
  });

  it("never starts a queued run whose caller left, gives its slot on, and runs it once on a retry", async () => {
    const agent = queuedAgent();
    const first = await startRun(agent.request({ delayMs: 250 }), agent.vars);
    await first.reached("started");
    const leaving = new AbortController();
    const abandonedBody = agent.request({ log: ["ran"] });
    const abandoned = await startRun(abandonedBody, agent.vars, leaving.signal);
    await abandoned.reached("queued");
    const third = await startRun(agent.request({}), agent.vars);
    await third.reached("queued");
    leaving.abort();
    const [, gone, next] = await Promise.all([first.read, abandoned.read, third.read]);
    await Promise.all([first.done, abandoned.done, third.done]);
    // The stream ends without an answer, and the handler never ran: nothing is stored.
    expect(types(gone)).toEqual(["queued"]);
    expect(types(next)).toEqual(["queued", "started", "answer"]);
    const logs = await fetchEcho(
      await signedLogsRequest(abandonedBody.transactionId, { processId: agent.processId }),
      agent.vars,
    );
    expect(logs.status).toBe(404);
    // Its id was given back unused: the gateway's retry runs it, once.
    const retry = await startRun(abandonedBody, agent.vars);
    const again = await retry.read;
    await retry.done;
    expect(types(again)).toEqual(["started", "log", "answer"]);
    const replay = await startRun(abandonedBody, agent.vars);
    expect(answerOf(await replay.read)).toEqual(answerOf(again));
    await replay.done;
  });

  it("takes a queued run out of line when its reader cancels the stream", async () => {
    const agent = queuedAgent();
    const first = await startRun(agent.request({ delayMs: 250 }), agent.vars);
    await first.reached("started");
    const leavingBody = agent.request({});
    const { response, done } = await openEcho(await streamRequest(leavingBody), agent.vars);
    const reader = response.body?.getReader();
    if (reader === undefined) throw new Error("no body");
    const queued = new TextDecoder().decode((await reader.read()).value);
    expect(queued).toContain("event: queued");
    await reader.cancel();
    await Promise.all([first.read, first.done, done]);
    // Never started, so never stored; and its id was given back.
    const logs = await fetchEcho(
      await signedLogsRequest(leavingBody.transactionId, { processId: agent.processId }),
      agent.vars,
    );
    expect(logs.status).toBe(404);
    const retry = await startRun(leavingBody, agent.vars);
    expect(types(await retry.read)).toEqual(["started", "answer"]);
    await retry.done;
  });

  it("queues JSON callers too: whichever starts second starts after the first ended", async () => {
    const agent = queuedAgent();
    const call = async (name: string) => {
      const request = agent.request({ log: [name], delayMs: 200 });
      const response = await fetchEcho(await signedExecuteRequest(request), agent.vars);
      const body = agentExecuteSuccessSchema.parse(await response.json());
      // The log line is stamped when the handler starts, before its 200 ms.
      return Date.parse(body.logs[0]?.split(" ")[0] ?? "");
    };
    const [a, b] = await Promise.all([call("a"), call("b")]);
    expect(Math.abs(a - b)).toBeGreaterThanOrEqual(200);
  });

  it("fails a run that waited its whole time limit for a slot, without running it", async () => {
    const agent = queuedAgent(200);
    // A run holding the one slot that never ends within the wait.
    const { store, holder } = await holdTheSlot(agent.processId);
    const run = await startRun(agent.request({ log: ["ran"] }), agent.vars);
    const read = await run.read;
    await run.done;
    await store.releaseSlot({ transactionId: holder });
    expect(types(read)).toEqual(["queued", "log", "answer"]);
    expect(answerOf(read)).toMatchObject({
      success: false,
      error: "No run slot freed within 200 ms (maxConcurrentRuns 1)",
      executionTime: 0,
    });
  });

  it("gives a run what its wait left of the time limit: the limit counts from the request", async () => {
    const agent = queuedAgent(1_000);
    const { store, holder } = await holdTheSlot(agent.processId);
    // The one slot frees after 700 ms of the 1,000: a handler that needs 500 ms runs out of time.
    setTimeout(() => void store.releaseSlot({ transactionId: holder }), 700);
    const run = await startRun(agent.request({ delayMs: 500 }), agent.vars);
    const read = await run.read;
    await run.done;
    expect(types(read)).toEqual(["queued", "started", "log", "answer"]);
    expect(answerOf(read).success).toBe(false);
    expect(answerOf(read).executionTime).toBeLessThan(500);
  });
});

describe("the queue in the Durable Object", () => {
  const entry = (transactionId: string, args: { leaseMs?: number; waitMs?: number } = {}) => ({
    transactionId,
    maxConcurrentRuns: 1,
    leaseMs: args.leaseMs ?? 10_000,
    waitMs: args.waitMs ?? 10_000,
    now: Date.now(),
  });

  it("frees the slot of a run that died once its lease runs out", async () => {
    const store = env.AGENT_DO.getByName("queue-lease");
    expect(await store.enterQueue(entry("dead", { leaseMs: 500 }))).toBe("started");
    expect(await store.enterQueue(entry("next"))).toBe("queued");
    // Nobody releases "dead": its lease does.
    expect(await store.awaitSlot({ transactionId: "next" })).toBe("started");
    await store.releaseSlot({ transactionId: "next" });
  });

  it(`refuses a run past ${MAX_QUEUED_RUNS} waiting`, async () => {
    const store = env.AGENT_DO.getByName("queue-full");
    expect(await store.enterQueue(entry("running"))).toBe("started");
    const waiting = Array.from({ length: MAX_QUEUED_RUNS }, (_, i) => `waiting-${i}`);
    for (const id of waiting) expect(await store.enterQueue(entry(id))).toBe("queued");
    expect(await store.enterQueue(entry("one-too-many"))).toBe("full");
    await store.releaseSlot({ transactionId: "running" });
    expect(await store.awaitSlot({ transactionId: "waiting-0" })).toBe("started");
    for (const id of waiting) await store.abandon({ transactionId: id });
  });

  it("takes the id and a slot in one begin, and takes nothing when the line is full", async () => {
    const store = env.AGENT_DO.getByName("queue-begin");
    const queue = { maxConcurrentRuns: 1, leaseMs: 10_000, waitMs: 10_000 };
    const begin = (transactionId: string) =>
      store.begin({ transactionId, requestHash: "h", now: Date.now(), waitMs: 1_000, queue });
    expect(await begin("first")).toEqual({ kind: "run", slot: "started" });
    const waiting = Array.from({ length: MAX_QUEUED_RUNS }, (_, i) => `line-${i}`);
    for (const id of waiting) expect(await begin(id)).toEqual({ kind: "run", slot: "queued" });
    expect(await begin("refused")).toEqual({ kind: "full" });
    expect(await store.wasTaken({ transactionId: "refused" })).toBe(false);
    for (const id of waiting) await store.abandon({ transactionId: id });
    // The outcome's commit frees the slot.
    await store.finish({
      transactionId: "first",
      requestHash: "h",
      status: "completed",
      resultJson: "{}",
      error: null,
      executionTime: 1,
      logs: [],
      now: Date.now(),
      releaseSlot: true,
    });
    expect(await begin("refused")).toEqual({ kind: "run", slot: "started" });
    await store.releaseSlot({ transactionId: "refused" });
  });

  it("ends a wait in line after waitMs", async () => {
    const store = env.AGENT_DO.getByName("queue-expiry");
    expect(await store.enterQueue(entry("running"))).toBe("started");
    expect(await store.enterQueue(entry("short", { waitMs: 50 }))).toBe("queued");
    expect(await store.awaitSlot({ transactionId: "short" })).toBe("expired");
    await store.releaseSlot({ transactionId: "running" });
  });
});
