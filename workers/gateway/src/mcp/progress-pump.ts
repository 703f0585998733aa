import type { RunProgress } from "#shared/schemas/runs";

/**
 * How often a tool call with a progressToken hears from the gateway when its agent says nothing
 * (docs/mcp.md, "Progress"): under the 15 s the issue promises, so a client that resets its
 * timeout on progress never reaches it however long the run takes.
 */
export const PROGRESS_HEARTBEAT_MS = 10_000;

/**
 * The agent's progress values are used up to here: above it, a double cannot hold the smallest
 * increase a heartbeat makes, and MCP wants every notification's value higher than the last.
 */
const PROGRESS_VALUE_MAX = Number.MAX_SAFE_INTEGER;
const HEARTBEAT_STEP = 0.001;

/** The params of one notifications/progress, less the progressToken, which the sender adds. */
export type ProgressParams = {
  progress: number;
  total?: number;
  message?: string;
  _meta?: Record<string, unknown>;
};

export type ProgressPump = {
  /** The agent reported progress: sent next (a newer report replaces one not sent yet). */
  report(progress: RunProgress): void;
  /** No notification after this resolves: the tool result must come after the last one. */
  stop(): Promise<void>;
};

type Pending =
  | { kind: "first" }
  | { kind: "report"; progress: RunProgress }
  | { kind: "heartbeat" };

/**
 * Sends a run's progress to the MCP client that asked for it (docs/mcp.md, "Progress"): first the
 * notice naming the run (sent even when the run ends at once), then each report of the agent, and
 * a heartbeat whenever `heartbeatMs` pass without either. Every value is higher than the one
 * before, as MCP requires: the agent's when it is, otherwise a little above the last. One
 * notification is in flight at a time and at most one waits, so a client that reads slowly gets
 * the latest state rather than a backlog; a send that fails ends the pump (the client is gone,
 * and the run goes on without it).
 */
export function startProgressPump(args: {
  first: { message: string; meta: Record<string, unknown> };
  send(params: ProgressParams): Promise<void>;
  heartbeatMessage(): string;
  heartbeatMs?: number;
}): ProgressPump {
  const heartbeatMs = args.heartbeatMs ?? PROGRESS_HEARTBEAT_MS;
  let last: { progress: number; total?: number } | null = null;
  const queue: Pending[] = [{ kind: "first" }];
  let sending: Promise<void> | null = null;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const arm = () => {
    clearTimeout(timer);
    if (!closed) timer = setTimeout(() => enqueue({ kind: "heartbeat" }), heartbeatMs);
  };

  const paramsOf = (pending: Pending): ProgressParams => {
    if (pending.kind === "first") {
      return { progress: 0, message: args.first.message, _meta: args.first.meta };
    }
    const reported = pending.kind === "report" ? pending.progress : null;
    const total = reported === null ? last?.total : reported.total;
    const params: ProgressParams = { progress: nextValue(last?.progress, reported?.progress) };
    if (total !== undefined && params.progress <= total) params.total = total;
    const message = reported === null ? args.heartbeatMessage() : reported.message;
    if (message !== undefined) params.message = message;
    return params;
  };

  const flush = async () => {
    for (let pending = queue.shift(); pending !== undefined; pending = queue.shift()) {
      const params = paramsOf(pending);
      last = params.total === undefined ? { progress: params.progress } : params;
      arm();
      try {
        await args.send(params);
      } catch {
        closed = true;
        clearTimeout(timer);
        queue.length = 0;
      }
    }
    sending = null;
  };

  function enqueue(pending: Pending) {
    if (closed) return;
    // The first notice leaves the queue as its send starts, so what waits is a report or a
    // heartbeat: a report replaces either; a heartbeat adds nothing to them.
    if (queue.length > 0) {
      if (pending.kind === "heartbeat") return;
      queue[queue.length - 1] = pending;
    } else {
      queue.push(pending);
    }
    sending ??= flush();
  }

  sending = flush();
  return {
    report: (progress) => enqueue({ kind: "report", progress }),
    async stop() {
      closed = true;
      clearTimeout(timer);
      await sending;
    },
  };
}

/** The agent's value when it is above the last one sent, else a step above that. */
function nextValue(last: number | undefined, reported: number | undefined): number {
  const capped = reported === undefined ? undefined : Math.min(reported, PROGRESS_VALUE_MAX);
  if (last === undefined) return capped ?? 0;
  if (capped !== undefined && capped > last) return capped;
  return last + Math.max(HEARTBEAT_STEP, last * 2 ** -40);
}
