import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type RunEvent, runAcceptedResponseSchema } from "#shared/schemas/runs";
import { runStub } from "../../src/runs/run-stub.js";
import type { HostileBehaviour } from "../support/hostile-counts.js";
import { type Registered, registerEach, registered } from "../support/hostile-processes.js";
import {
  address,
  execute,
  fundedAccount,
  processOwner,
  testProcess,
} from "../support/ledger-fixtures.js";
import { readRunEvents } from "../support/run-events.js";

// The gateway's reader of an agent's event stream (docs/gateway.md, "Agent answers"): bounded by
// the answer cap, the run's deadline and an event count; malformed events skipped; the last
// `answer` decides like a JSON body. Each behaviour is the hostile agent's, on /execute only.

const BEHAVIOURS = [
  "stream-slow",
  "stream-forever",
  "stream-over",
  "stream-many",
  "stream-malformed",
  "stream-no-answer",
  "stream-queued",
] as const satisfies readonly HostileBehaviour[];

/** SPEC's execute answer, as the run object keeps it for the blocking execute. */
const answerSchema = z.looseObject({
  success: z.boolean(),
  transactionId: z.string(),
  status: z.string(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.string().optional(),
  code: z.string().optional(),
});

describe("an agent that streams its /execute answer", () => {
  let processes: Map<HostileBehaviour, Registered>;
  let user: string;

  beforeAll(async () => {
    await testProcess("free");
    processes = await registerEach({
      owner: processOwner,
      behaviours: BEHAVIOURS,
      only: "execute",
    });
    user = address(await fundedAccount(1n));
  });

  /** A run in its run object (a watched one: `Prefer: respond-async`), to its SPEC answer. */
  async function run(behaviour: HostileBehaviour) {
    const { processId } = registered(processes, behaviour);
    const res = await execute({
      processId,
      body: { userAddress: user, data: {} },
      headers: { prefer: "respond-async" },
    });
    const { transactionId } = runAcceptedResponseSchema.parse(await res.json());
    const stub = runStub(env, transactionId);
    await stub.awaitEnd();
    const answer = await stub.answer();
    return { status: answer?.status, body: answerSchema.parse(answer?.body) };
  }

  async function eventsOf(transactionId: string): Promise<RunEvent[]> {
    const read = await readRunEvents(await runStub(env, transactionId).fetch("https://run/events"));
    return read.events.map((e) => e.data);
  }

  it("reads a slow stream to its answer; its events become the run's, in order", async () => {
    const { status, body } = await run("stream-slow");
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "completed", result: { streamed: true, steps: 5 } });
    const events = await eventsOf(body.transactionId);
    const statuses = events.flatMap((e) => (e.type === "status" ? [e.status] : []));
    // Working once asked, back to submitted while queued at the agent, working once started.
    expect(statuses).toEqual(["submitted", "working", "submitted", "working", "completed"]);
    expect(events.filter((e) => e.type === "log")).toHaveLength(5);
    const progress = events.flatMap((e) => (e.type === "progress" ? [e.progress.progress] : []));
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    expect(events.filter((e) => e.type === "partial").at(-1)).toEqual({
      type: "partial",
      data: { step: 5 },
    });
    const last = events.at(-1);
    expect(last?.type === "result" && last.run.progress).toEqual({
      progress: 5,
      total: 5,
      message: "step 5",
    });
  });

  it("ends a stream that never ends at the run's deadline, failed", async () => {
    const { status, body } = await run("stream-forever");
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: "failed", code: "agent_failed" });
    expect(body.error).toContain("did not answer within 2000 ms");
  });

  it("cuts a stream past the answer cap, failed", async () => {
    const { status, body } = await run("stream-over");
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: "failed", code: "agent_failed" });
    expect(body.error).toContain("over 2 MiB");
  });

  it("cuts a stream of more events than the gateway reads, failed", async () => {
    const { status, body } = await run("stream-many");
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: "failed", code: "agent_failed" });
    expect(body.error).toContain("events");
  });

  it("skips malformed events and a progress that goes back; the real answer decides", async () => {
    const { status, body } = await run("stream-malformed");
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "completed", result: { survived: true } });
    const events = await eventsOf(body.transactionId);
    expect(events.filter((e) => e.type === "log")).toEqual([{ type: "log", line: "still here" }]);
    const progress = events.flatMap((e) => (e.type === "progress" ? [e.progress.progress] : []));
    expect(progress).toEqual([2]);
  });

  it("reads a stream without an answer event as no usable answer", async () => {
    const { status, body } = await run("stream-no-answer");
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: "failed", code: "agent_unavailable" });
  });

  it("ends a run queued at the agent past the deadline, failed", async () => {
    const { status, body } = await run("stream-queued");
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: "failed", code: "agent_failed" });
    expect(body.error).toContain("did not answer within 2000 ms");
  });
});
