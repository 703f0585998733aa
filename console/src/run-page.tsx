import { useEffect, useState } from "hono/jsx/dom";
import type { RunEvent, RunProgress, RunState, RunStatusResponse } from "#shared/schemas/runs";
import { JsonTree } from "./json-tree.js";
import { PageTitle } from "./page-parts.js";
import { PaymentReceipt } from "./payment-receipt.js";
import { href } from "./route.js";
import { RunLedgerSection } from "./run-ledger.js";
import { keptRun } from "./run-tokens.js";
import { watchRun } from "./run-watch.js";

type Watched = {
  status: RunState | null;
  progress: RunProgress | null;
  logs: string[];
  final: RunStatusResponse | null;
  problem: string | null;
};

const START: Watched = { status: null, progress: null, logs: [], final: null, problem: null };

function withEvent(watched: Watched, event: RunEvent): Watched {
  switch (event.type) {
    case "status":
      return { ...watched, status: event.status };
    case "progress":
      return { ...watched, progress: event.progress };
    case "log":
      return { ...watched, logs: [...watched.logs, event.line] };
    case "result":
      return { ...watched, status: event.run.status, final: event.run };
    default:
      return watched;
  }
}

function Progress({ progress }: { progress: RunProgress | null }) {
  if (progress === null) return null;
  const total = progress.total;
  return (
    <div class="progress">
      <label for="run-progress">Progress</label>
      <progress
        id="run-progress"
        max={total ?? 1}
        value={total === undefined ? 0 : progress.progress}
      >
        {progress.progress}
      </progress>
      <span>
        {total === undefined ? progress.progress : `${progress.progress} of ${total}`}
        {progress.message === undefined ? "" : `: ${progress.message}`}
      </span>
    </div>
  );
}

function Result({ run }: { run: RunStatusResponse }) {
  if (run.status === "completed") return <JsonTree value={run.result ?? {}} label="Result" />;
  return (
    <p class="problem" role="alert">
      The run {run.status}: {run.error ?? "no reason given"}
    </p>
  );
}

/**
 * A run's page (docs/console.md): its status, progress and log lines live from its event stream,
 * then its result. Only a run this tab started can be watched: its token is kept here.
 */
export function RunPage({ transactionId }: { transactionId: string }) {
  const [watched, setWatched] = useState<Watched>(START);
  const kept = keptRun(transactionId);
  useEffect(() => {
    if (kept === null) return;
    const stop = new AbortController();
    let current = START;
    const apply = (next: Watched) => {
      current = next;
      setWatched(next);
    };
    watchRun({
      eventsUrl: kept.eventsUrl,
      token: kept.token,
      signal: stop.signal,
      onEvent: (event) => apply(withEvent(current, event)),
    }).then((end) => {
      if (!end.ok && !stop.signal.aborted) apply({ ...current, problem: end.message });
    });
    return () => stop.abort();
  }, [transactionId]);
  if (kept === null) {
    return (
      <section>
        <PageTitle title="Run" />
        <p class="problem" role="alert">
          This run's token is not in this tab: only the tab that started a run can watch it here.
          Watch it with the CLI (agentgate watch -x {transactionId}).
        </p>
      </section>
    );
  }
  return (
    <section>
      <PageTitle title="Run" />
      <p class="meta">
        Transaction <code>{transactionId}</code>
      </p>
      {kept.payment !== undefined && <PaymentReceipt payment={kept.payment} />}
      <p role="status" aria-live="polite">
        Status: <strong>{watched.status ?? "connecting"}</strong>
      </p>
      <Progress progress={watched.progress} />
      <h2>Log</h2>
      {watched.logs.length === 0 ? (
        <p>No log lines yet.</p>
      ) : (
        <ol class="log" aria-live="polite">
          {watched.logs.map((line) => (
            <li>{line}</li>
          ))}
        </ol>
      )}
      <h2>Result</h2>
      {watched.final === null ? (
        <p>Not yet: the run has not ended.</p>
      ) : (
        <Result run={watched.final} />
      )}
      {watched.problem !== null && (
        <p class="problem" role="alert">
          {watched.problem}
        </p>
      )}
      {kept.payment !== undefined && (
        <RunLedgerSection paymentHash={kept.payment.transaction} run={watched.final} />
      )}
      <p>
        <a href={href.explore()}>Back to Explore</a>
      </p>
    </section>
  );
}
