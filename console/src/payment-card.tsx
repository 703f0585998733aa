import { useState } from "hono/jsx/dom";
import { formatApt } from "#shared/schemas/apt-format";
import type { AccountPayment } from "./account-payments.js";
import { runEscrowAction } from "./escrow-action.js";
import { type EscrowAction, escrowActions } from "./escrow-payment.js";
import { ProblemLine } from "./page-parts.js";
import {
  ACTION_DONE,
  ACTION_LABELS,
  deadlineWords,
  ledgerDate,
  outcomeWords,
  statusWords,
} from "./payment-words.js";
import { href } from "./route.js";
import { TransactionLink } from "./transaction-link.js";
import type { TransactionSigner } from "./transaction-signer.js";

/**
 * One payment on My payments (docs/console.md, "My payments"): what it is, where it stands, its
 * deadlines, and a button for each action the escrow allows the connected account right now.
 * `changed` reloads the list once an action is on the ledger.
 */
export function PaymentCard(props: {
  payment: AccountPayment;
  now: bigint;
  signer: TransactionSigner;
  moduleAddress: string;
  changed: () => void;
}) {
  const { record, transaction } = props.payment;
  const [busy, setBusy] = useState<EscrowAction | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<{ action: EscrowAction; hash: string } | null>(null);
  const actions = escrowActions({ record, account: props.signer.address, now: props.now });
  const deadline = deadlineWords(record, props.now);
  const titleId = `payment-${transaction.hash}`;
  const act = async (action: EscrowAction) => {
    setBusy(action);
    setProblem(null);
    const result = await runEscrowAction({
      action,
      record,
      signer: props.signer,
      moduleAddress: props.moduleAddress,
    });
    setBusy(null);
    if (!result.ok) return setProblem(result.message);
    setDone({ action, hash: result.hash });
    props.changed();
  };
  return (
    <article class="payment" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <a href={href.process(record.process_id)}>{record.process_id}</a>, task {record.task_id}
      </h2>
      <dl class="details">
        <dt>Amount</dt>
        <dd>{formatApt(BigInt(record.amount))}</dd>
        <dt>Status</dt>
        <dd class="payment-status">{statusWords(record.status)}</dd>
        <dt>Outcome</dt>
        <dd>{outcomeWords(record.outcome)}</dd>
        <dt>Paid</dt>
        <dd>{ledgerDate(BigInt(record.created_at))}</dd>
        <dt>Settle time</dt>
        <dd>{ledgerDate(BigInt(record.settle_time))}</dd>
        <dt>Payment transaction</dt>
        <dd>
          <TransactionLink hash={transaction.hash} />
        </dd>
      </dl>
      {deadline !== null && <p>{deadline}</p>}
      {actions.length > 0 && (
        <div class="wallet-actions">
          {actions.map((action) => (
            <button type="button" disabled={busy !== null} onClick={() => act(action)}>
              {busy === action ? "Signing…" : ACTION_LABELS[action]}
            </button>
          ))}
        </div>
      )}
      {done !== null && (
        <p role="status">
          {ACTION_DONE[done.action]}: <TransactionLink hash={done.hash} />
        </p>
      )}
      <ProblemLine message={problem} />
    </article>
  );
}
