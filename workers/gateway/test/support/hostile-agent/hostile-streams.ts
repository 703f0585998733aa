/**
 * The hostile agent's streamed /execute answers (issue 21: the gateway reads an agent's event
 * stream bounded, within the run's deadline, and never crashes on a malformed event). Each mode
 * answers `200 text/event-stream` of AgentStreamEvent events (docs/agent.md, "Streaming").
 */

const encoder = new TextEncoder();
const STREAM_TYPE = { "content-type": "text/event-stream" };
/** Longer than any deadline the gateway gives an agent in the test pool. */
const HANG_MS = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function sse(type: string, fields: Record<string, unknown> = {}): string {
  return `event: ${type}\ndata: ${JSON.stringify(fields)}\n\n`;
}

const answer = (result: Record<string, unknown>) =>
  sse("answer", { answer: { success: true, result, executionTime: 1, logs: [] } });

/** A stream of `parts` written one after another, `gapMs` apart; null parts end nothing. */
function paced(parts: AsyncIterable<string> | Iterable<string>, gapMs: number): Response {
  const iterator = (async function* () {
    yield* parts;
  })();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value));
      if (gapMs > 0) await sleep(gapMs);
    },
  });
  return new Response(body, { headers: STREAM_TYPE });
}

/** Five steps of work, each a log, a progress and a partial: about a second in all. */
function* slowWork(): Generator<string> {
  yield sse("queued");
  yield sse("started");
  for (let step = 1; step <= 5; step++) {
    yield sse("log", { line: `step ${step}` });
    yield sse("progress", { progress: { progress: step, total: 5, message: `step ${step}` } });
    yield sse("partial", { data: { step } });
  }
  yield answer({ streamed: true, steps: 5 });
}

function* forever(): Generator<string> {
  yield sse("started");
  for (let i = 0; ; i++) yield sse("log", { line: `line ${i}` });
}

/** Past the gateway's 2 MiB cap on one answer, 64 KiB log lines at a time. */
function* overCap(): Generator<string> {
  yield sse("started");
  const line = "a".repeat(64 * 1024);
  for (let i = 0; i < 128; i++) yield sse("log", { line });
  yield answer({ never: "read" });
}

/** More events than the gateway reads of one stream, each tiny. */
function* tooMany(): Generator<string> {
  yield sse("started");
  yield `${sse("log", { line: "x" })}`.repeat(10_500);
  yield answer({ never: "read" });
}

/** Everything wrong an event can be, then a good answer: the malformed ones are skipped. */
function* malformed(): Generator<string> {
  yield sse("started");
  yield "event: progress\ndata: {not json\n\n";
  yield "event: no-such-type\ndata: {}\n\n";
  yield 'data: {"type":"answer","answer":{"success":true,"result":{"forged":true}}}\n\n';
  yield sse("progress", { progress: { progress: -1 } });
  yield sse("log", { line: 42 });
  yield "event: log\ndata: []\n\n";
  yield ": a comment\n\n";
  yield sse("log", { line: "still here" });
  yield sse("progress", { progress: { progress: 2, total: 4 } });
  // Lower than before: the run's progress never goes back.
  yield sse("progress", { progress: { progress: 1, total: 4 } });
  yield answer({ survived: true });
}

function* noAnswer(): Generator<string> {
  yield sse("started");
  yield sse("log", { line: "bye" });
}

/** Queued at the agent (no slot), then nothing until long past the deadline. */
async function* queuedThenWait(): AsyncGenerator<string> {
  yield sse("queued");
  await sleep(HANG_MS);
  yield sse("started");
  yield answer({ late: true });
}

/** The streamed answer of `mode`, or null when the mode is not a stream one. */
export function hostileStream(mode: string): Response | null {
  switch (mode) {
    case "stream-slow":
      return paced(slowWork(), 60);
    case "stream-forever":
      return paced(forever(), 50);
    case "stream-over":
      return paced(overCap(), 0);
    case "stream-many":
      return paced(tooMany(), 0);
    case "stream-malformed":
      return paced(malformed(), 0);
    case "stream-no-answer":
      return paced(noAnswer(), 0);
    case "stream-queued":
      return paced(queuedThenWait(), 0);
    default:
      return null;
  }
}
