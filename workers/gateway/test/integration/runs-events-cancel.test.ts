import type { Ed25519Account } from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import { OUTCOME } from "#shared/contract/status";
import { errorResponseSchema } from "#shared/schemas/error-response";
import { runEventSchema, runStatusResponseSchema } from "#shared/schemas/runs";
import { streamingProcess } from "../support/hostile-processes.js";
import { address, fundedAccount, ledger, operator, pay } from "../support/ledger-fixtures.js";
import { waitForOutcome } from "../support/operated-process.js";
import { type ReadEvent, readRunEvents } from "../support/run-events.js";
import {
  bearer,
  finalRun,
  runPath,
  runProof,
  runRequest,
  startRun,
} from "../support/run-requests.js";

// Watching and canceling a run through the routes (docs/gateway.md, "Watching a run",
// "Canceling a run"), on the hostile agent's `stream-slow` run: queued, started, then five steps
// of a log line, a progress and a partial, 60 ms apart, and its answer.

const SLOW_WORK = [1, 2, 3, 4, 5].flatMap((step) => [
  { type: "log", line: `step ${step}` },
  { type: "progress", progress: { progress: step, total: 5, message: `step ${step}` } },
  { type: "partial", data: { step } },
]);

/** The processes' owner, funded once for its registrations. */
let owner: Promise<Ed25519Account> | null = null;

async function slowProcess(
  paid: boolean,
  behaviour: "stream-slow" | "stream-queued" = "stream-slow",
) {
  owner ??= fundedAccount();
  return streamingProcess({ owner: await owner, behaviour, paid });
}

const withoutStatus = (events: ReadEvent[]) =>
  events.filter((e) => e.data.type !== "status" && e.data.type !== "result").map((e) => e.data);

/** Reads until `count` events came (the client then goes away), or to the end. */
const upTo = (count: number) => (events: ReadEvent[]) => events.length >= count;

/** Every event as the contract says: ids 1, 2, ..., `event` its data's type, data a RunEvent. */
function expectContract(events: ReadEvent[]) {
  expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
  for (const event of events) {
    expect(runEventSchema.parse(event.data).type).toBe(event.type);
  }
}

function events(transactionId: string, headers: Record<string, string>) {
  return runRequest({ transactionId, tail: "/events", headers });
}

describe("watching a run", () => {
  const user = `0x${"5e".repeat(32)}`;

  it("delivers status, logs, progress and result in order, then closes", async () => {
    const processId = await slowProcess(false);
    const run = await startRun({ processId, body: { userAddress: user, data: {} }, signer: null });
    const res = await events(run.transactionId, bearer(run.accessToken));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const read = await readRunEvents(res);
    expect(read.closed).toBe(true);
    expectContract(read.events);
    expect(read.events[0]?.data).toEqual({ type: "status", status: "submitted" });
    const working = read.events.findIndex(
      (e) => e.data.type === "status" && e.data.status === "working",
    );
    const firstLog = read.events.findIndex((e) => e.data.type === "log");
    expect(working).toBeGreaterThan(0);
    expect(working).toBeLessThan(firstLog);
    expect(withoutStatus(read.events)).toEqual(SLOW_WORK);
    const last = read.events.at(-1)?.data;
    expect(last?.type === "result" && last.run.status).toBe("completed");
    expect(last?.type === "result" && last.run.result).toEqual({ streamed: true, steps: 5 });
  });

  it("resumes after Last-Event-ID: nothing missed, nothing repeated", async () => {
    const processId = await slowProcess(false);
    const run = await startRun({ processId, body: { userAddress: user, data: {} }, signer: null });
    const token = bearer(run.accessToken);
    // The client goes away mid-run after three events, then comes back.
    const first = await readRunEvents(await events(run.transactionId, token), upTo(3));
    expect(first.closed).toBe(false);
    const last = String(first.events.at(-1)?.id);
    const rest = await readRunEvents(
      await events(run.transactionId, { ...token, "last-event-id": last }),
    );
    expect(rest.closed).toBe(true);
    const resumed = [...first.events, ...rest.events];
    // The whole stream read afresh, once the run ended, is exactly the two reads joined.
    const whole = await readRunEvents(await events(run.transactionId, token));
    expect(resumed).toEqual(whole.events);
    expectContract(resumed);
    expect(withoutStatus(resumed)).toEqual(SLOW_WORK);
  });

  it("closes at once for a client already past the result event of an ended run", async () => {
    const processId = await slowProcess(false);
    const run = await startRun({ processId, body: { userAddress: user, data: {} }, signer: null });
    const token = bearer(run.accessToken);
    const whole = await readRunEvents(await events(run.transactionId, token));
    const last = Number(whole.events.at(-1)?.id);
    for (const after of [last, last + 1000]) {
      const again = await readRunEvents(
        await events(run.transactionId, { ...token, "last-event-id": String(after) }),
      );
      expect(again.closed).toBe(true);
      expect(again.events).toEqual([]);
    }
  });

  it("refuses a Last-Event-ID that is not an event id (400, naming it)", async () => {
    const processId = await slowProcess(false);
    const run = await startRun({ processId, body: { userAddress: user, data: {} }, signer: null });
    for (const junk of ["-1", "1e3", "abc", "9".repeat(40)]) {
      const res = await events(run.transactionId, {
        ...bearer(run.accessToken),
        "last-event-id": junk,
      });
      expect(res.status, junk).toBe(400);
      expect(errorResponseSchema.parse(await res.json()).error).toContain("last-event-id");
    }
  });
});

describe("canceling a run through the route", () => {
  it("cancels a free run its agent works on: 200 canceled, and its stream ends canceled", async () => {
    const processId = await slowProcess(false);
    const user = `0x${"c4".repeat(32)}`;
    const run = await startRun({ processId, body: { userAddress: user, data: {} }, signer: null });
    const token = bearer(run.accessToken);
    await readRunEvents(await events(run.transactionId, token), upTo(3));
    const res = await runRequest({
      transactionId: run.transactionId,
      tail: "/cancel",
      headers: token,
    });
    expect(res.status).toBe(200);
    expect(runStatusResponseSchema.parse(await res.json()).status).toBe("canceled");
    expect((await finalRun(run.transactionId, run.accessToken)).status).toBe("canceled");
    const stream = await readRunEvents(await events(run.transactionId, token));
    const end = stream.events.at(-1)?.data;
    expect(end?.type === "result" && end.run.status).toBe("canceled");
  });

  it("refuses to cancel a paid run its agent works on (409, the money rule), then an ended one", async () => {
    const processId = await slowProcess(true);
    // The operator pays the gas of the run claim and the report.
    await ledger.fund({ address: address(operator), amount: 10_000_000_000n });
    const payer = await fundedAccount();
    await pay({ payer, processId });
    const run = await startRun({
      processId,
      body: { userAddress: address(payer), data: {} },
      signer: payer,
    });
    const token = bearer(run.accessToken);
    // Watch until the agent has streamed output, then try to cancel for a refund.
    await readRunEvents(await events(run.transactionId, token), (seen) =>
      seen.some((e) => e.data.type === "log"),
    );
    const path = runPath(run.transactionId, "/cancel");
    const refused = await runRequest({
      transactionId: run.transactionId,
      tail: "/cancel",
      headers: await runProof(payer, "POST", path),
    });
    expect(refused.status).toBe(409);
    const body = errorResponseSchema.parse(await refused.json());
    expect(body).toMatchObject({ code: "run_not_cancelable", details: { status: "working" } });
    expect(body.error).toContain("paid run cannot be canceled once its agent has started");
    const ended = await finalRun(run.transactionId, run.accessToken);
    expect(ended).toMatchObject({ status: "completed", outcome: { delivered: true } });
    const late = await runRequest({
      transactionId: run.transactionId,
      tail: "/cancel",
      headers: token,
    });
    expect(late.status).toBe(409);
    expect(errorResponseSchema.parse(await late.json()).error).toBe(
      "This run already ended (completed); a final run cannot be canceled",
    );
  });

  it("cancels a paid run its agent holds in its queue, by the payer's proof: FAILED on the ledger", async () => {
    const processId = await slowProcess(true, "stream-queued");
    await ledger.fund({ address: address(operator), amount: 10_000_000_000n });
    const payer = await fundedAccount();
    const taskId = await pay({ payer, processId });
    const run = await startRun({
      processId,
      body: { userAddress: address(payer), data: {} },
      signer: payer,
    });
    // Asked (working), then queued at the agent (submitted again): its agent has not started.
    await readRunEvents(
      await events(run.transactionId, bearer(run.accessToken)),
      (seen) =>
        seen.filter((e) => e.data.type === "status" && e.data.status === "submitted").length === 2,
    );
    const path = runPath(run.transactionId, "/cancel");
    const res = await runRequest({
      transactionId: run.transactionId,
      tail: "/cancel",
      headers: await runProof(payer, "POST", path),
    });
    expect(res.status).toBe(200);
    expect(runStatusResponseSchema.parse(await res.json())).toMatchObject({
      status: "canceled",
      outcome: { delivered: false, reported: true },
    });
    const record = await waitForOutcome({ processId, taskId, payer: address(payer) });
    expect(record.outcome).toBe(OUTCOME.FAILED);
  });
});
