/**
 * Follows a run's Server-Sent Events (GET links.events, docs/gateway.md "Runs") to its `result`
 * event, whose data is the final RunStatus. A dropped or silent connection is opened again with
 * `Last-Event-ID`, a bounded number of times in a row; every refusal of the gateway (401, 403,
 * 404) ends the watch at once, as does an event that breaks a limit or the contract's shape.
 */
import { type RunEvent, type RunStatusResponse, runEventSchema } from "#shared/schemas/runs";
import { CliError } from "../errors/cli-error.js";
import { boundedJson } from "../runtime/bounded-json.js";
import { gatewayError } from "../runtime/gateway-client.js";
import { createSseParser, type SseLimits } from "./sse-parser.js";

export interface FollowPolicy {
  /** No byte for this long (the gateway sends a keep-alive every 15 s): the connection is dead. */
  silenceMs: number;
  /** Connections in a row that bring no event before the watch gives up. */
  maxReconnects: number;
  /** The wait before the n-th reconnect in a row (from 1). */
  backoffMs: (attempt: number) => number;
  limits: SseLimits;
  /** Events one watch takes in all: the gateway keeps 1,000 a run, so more is not a run's. */
  maxEvents: number;
}

/**
 * Three keep-alive intervals of silence; the biggest event is the final RunStatus, whose result
 * the gateway bounds (2 MiB of agent answer), with room for its JSON escapes.
 */
export const FOLLOW_POLICY: FollowPolicy = {
  silenceMs: 45_000,
  maxReconnects: 5,
  backoffMs: (attempt) => Math.min(500 * 2 ** (attempt - 1), 8_000),
  limits: { maxLineChars: 8 * 1024 * 1024, maxEventChars: 8 * 1024 * 1024 },
  maxEvents: 5_000,
};

export interface FollowArgs {
  url: URL;
  /** What the run is called in errors ("run <id>"). */
  what: string;
  /** The credentials for one request (a caller proof is signed afresh for each). */
  headers: () => Promise<Record<string, string>>;
  onEvent: (event: RunEvent) => void;
  policy?: FollowPolicy;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

type Connection =
  | { kind: "final"; run: RunStatusResponse }
  /** The connection ended or went silent; `progressed` when it brought at least one event. */
  | { kind: "dropped"; progressed: boolean; reason: string };

const defaultSleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export async function followRunEvents(args: FollowArgs): Promise<RunStatusResponse> {
  const policy = args.policy ?? FOLLOW_POLICY;
  const sleep = args.sleep ?? defaultSleep;
  const cursor = { lastSeq: 0, events: 0 };
  for (let failures = 0; ; ) {
    const connection = await connectOnce(args, policy, cursor);
    if (connection.kind === "final") return connection.run;
    failures = connection.progressed ? 1 : failures + 1;
    if (failures > policy.maxReconnects) {
      throw new CliError(
        "unreachable",
        `lost the events of the run at ${args.url.origin} (${connection.reason}) after ${policy.maxReconnects} reconnects`,
      );
    }
    await sleep(policy.backoffMs(failures));
  }
}

async function connectOnce(
  args: FollowArgs,
  policy: FollowPolicy,
  cursor: { lastSeq: number; events: number },
): Promise<Connection> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(), policy.silenceMs);
  };
  let progressed = false;
  arm();
  try {
    const response = await (args.fetch ?? fetch)(args.url, {
      headers: {
        accept: "text/event-stream",
        ...(await args.headers()),
        ...(cursor.lastSeq > 0 ? { "last-event-id": String(cursor.lastSeq) } : {}),
      },
      signal: controller.signal,
    });
    if (response.status !== 200 || !response.body) {
      await refused(response, args.what);
      return { kind: "dropped", progressed, reason: `HTTP ${response.status}` };
    }
    if (!response.headers.get("content-type")?.startsWith("text/event-stream")) {
      throw new CliError(
        "unreachable",
        `${args.what}: the gateway answered without an event stream`,
      );
    }
    const parser = createSseParser(policy.limits);
    const reader = response.body.getReader();
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return { kind: "dropped", progressed, reason: "the stream ended early" };
      arm();
      const step = parser.push(chunk.value);
      if (!step.ok) throw new CliError("unreachable", `the run's event stream: ${step.error}`);
      for (const sse of step.events) {
        const seq = sse.id !== undefined && /^[1-9][0-9]{0,14}$/.test(sse.id) ? Number(sse.id) : 0;
        // The contract sends no repeats; one sent anyway is shown once.
        if (seq > 0 && seq <= cursor.lastSeq) continue;
        if (++cursor.events > policy.maxEvents) {
          throw new CliError("unreachable", `${args.what}: more than ${policy.maxEvents} events`);
        }
        const event = readEvent(sse.data);
        if (seq > 0) cursor.lastSeq = seq;
        progressed = true;
        if (event.type === "result") {
          await reader.cancel().catch(() => {});
          return { kind: "final", run: event.run };
        }
        args.onEvent(event);
      }
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    const reason = controller.signal.aborted
      ? `no data for ${policy.silenceMs / 1000} s`
      : error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    return { kind: "dropped", progressed, reason };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** A 4xx (no token, another's token, unknown run) ends the watch; a 5xx may pass. */
async function refused(response: Response, what: string): Promise<void> {
  if (response.status >= 500 || response.status === 200) return;
  const body = await boundedJson(response, 64 * 1024);
  throw gatewayError({ status: response.status, body, headers: response.headers }, what);
}

function readEvent(data: string): RunEvent {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    json = undefined;
  }
  const parsed = runEventSchema.safeParse(json);
  if (!parsed.success) {
    throw new CliError("unreachable", "the gateway sent a run event not in the expected shape");
  }
  return parsed.data;
}
