import { useEffect, useState } from "hono/jsx/dom";
import { OUTCOME } from "#shared/contract/status";
import type { RunStatusResponse } from "#shared/schemas/runs";
import { ProblemLine } from "./page-parts.js";
import { outcomeWords, statusWords } from "./payment-words.js";
import { href } from "./route.js";
import { type RunLedger, readRunLedger } from "./run-ledger-outcome.js";
import { TransactionLink } from "./transaction-link.js";
import { consoleSettings } from "./wallet-api.js";

/** The gateway reports an outcome after the run ends, in its own time: read again until it lands. */
const READ_EVERY_MS = 2000;
const READS = 20;

function gatewayReport(run: RunStatusResponse | null): string {
  if (run === null) return "Not yet: the run has not ended";
  if (run.outcome === null) return "None";
  return run.outcome.delivered
    ? "Delivered, reported to the ledger"
    : "Failed, reported to the ledger";
}

/**
 * A paid run's ledger side (docs/console.md, "A run's ledger outcome"): its payment's state and
 * transaction, what the gateway reported (GET /api/runs/:id's `outcome`), and the outcome the
 * ledger recorded with its transaction, read again until the report lands.
 */
export function RunLedgerSection(props: { paymentHash: string; run: RunStatusResponse | null }) {
  const [ledger, setLedger] = useState<RunLedger | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const ended = props.run !== null;
  useEffect(() => {
    let reads = 0;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      if (stopped) return;
      const settings = await consoleSettings();
      if (!settings.ok) return setProblem(settings.message);
      const got = await readRunLedger({
        paymentHash: props.paymentHash,
        moduleAddress: settings.value.moduleAddress,
      });
      if (stopped) return;
      if (!got.ok) return setProblem(got.message);
      setLedger(got.value);
      reads += 1;
      const landed = got.value.outcomeHash !== null;
      if (ended && !landed && reads < READS) timer = setTimeout(read, READ_EVERY_MS);
    };
    read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [props.paymentHash, ended]);
  return (
    <section class="receipt" aria-labelledby="ledger-title">
      <h2 id="ledger-title">On the ledger</h2>
      <dl class="details">
        <dt>Payment</dt>
        <dd class="ledger-payment">
          {ledger === null ? "Reading…" : statusWords(ledger.record.status)}
        </dd>
        <dt>Payment transaction</dt>
        <dd>
          <TransactionLink hash={props.paymentHash} />
        </dd>
        <dt>The gateway's report</dt>
        <dd>{gatewayReport(props.run)}</dd>
        <dt>Outcome on the ledger</dt>
        <dd>
          <span class="ledger-outcome" role="status" aria-live="polite">
            {ledger === null
              ? "Reading…"
              : ledger.record.outcome === OUTCOME.NONE
                ? "Not on the ledger yet"
                : outcomeWords(ledger.record.outcome)}
          </span>
        </dd>
        {ledger?.outcomeHash != null && (
          <>
            <dt>Outcome transaction</dt>
            <dd>
              <TransactionLink hash={ledger.outcomeHash} />
            </dd>
          </>
        )}
      </dl>
      <p>
        Release, refund or settle it from <a href={href.payments()}>My payments</a>.
      </p>
      <ProblemLine message={problem} />
    </section>
  );
}
