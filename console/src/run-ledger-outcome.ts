import { OUTCOME } from "#shared/contract/status";
import { getProcess } from "./api.js";
import { isPaymentRecord, type PaymentRecordJson } from "./escrow-payment.js";
import {
  accountInfo,
  accountTransactions,
  transactionByHash,
  type UserTransaction,
  view,
} from "./ledger-api.js";
import { sameAddress } from "./same-address.js";

/**
 * A paid run's outcome as the ledger holds it (docs/console.md, "A run's ledger outcome"): the
 * payment its make_payment made, read back by get_payment_record, and, once an outcome is
 * recorded, the report_outcome transaction that recorded it, looked for among the transactions of
 * the accounts allowed to report (the process's agents, its owner) since the payment.
 */
export type RunLedger = { record: PaymentRecordJson; outcomeHash: string | null };

/** A page of a reporter's transactions, and how many pages back the search goes at most. */
const REPORTER_PAGE = 100;
const REPORTER_PAGES = 10;

function reportsThisPayment(tx: UserTransaction, record: PaymentRecordJson): boolean {
  const [, module, name] = (tx.payload.function ?? "").split("::");
  const [processId, taskId, payer] = tx.payload.arguments ?? [];
  return (
    tx.success &&
    module === "payment" &&
    name === "report_outcome" &&
    processId === record.process_id &&
    taskId === record.task_id &&
    typeof payer === "string" &&
    sameAddress(payer, record.payer)
  );
}

/**
 * The reporter's transaction that recorded this payment's outcome, searched from its newest
 * transaction back, a page at a time, until the transactions are older than the payment (an
 * outcome comes after it) or REPORTER_PAGES pages were read: a busy operator's report is found
 * among its last thousand transactions.
 */
async function reportBy(reporter: string, record: PaymentRecordJson, paidAt: bigint) {
  const account = await accountInfo(reporter);
  if (!account.ok) return undefined;
  let end = BigInt(account.value.sequence_number);
  for (let page = 0; page < REPORTER_PAGES && end > 0n; page++) {
    const start = end > BigInt(REPORTER_PAGE) ? end - BigInt(REPORTER_PAGE) : 0n;
    const read = await accountTransactions({ address: reporter, start, limit: REPORTER_PAGE });
    if (!read.ok) return undefined;
    const found = read.value.filter((tx) => reportsThisPayment(tx, record)).at(-1);
    if (found !== undefined) return found.hash;
    const oldest = read.value[0];
    if (oldest === undefined || BigInt(oldest.timestamp) < paidAt) return undefined;
    end = start;
  }
  return undefined;
}

async function outcomeTransaction(record: PaymentRecordJson, reporters: string[], paidAt: bigint) {
  for (const reporter of reporters) {
    const hash = await reportBy(reporter, record, paidAt);
    if (hash !== undefined) return hash;
  }
  return null;
}

/** Who may report a process's outcomes: its agents (an operator among them) and its owner. */
async function reportersOf(processId: string): Promise<string[]> {
  const read = await getProcess(processId);
  if (!read.ok) return [];
  const agents: unknown = read.value.process.agents;
  const listed = Array.isArray(agents) ? agents.filter((a) => typeof a === "string") : [];
  return [...listed, read.value.process.owner];
}

export async function readRunLedger(args: {
  paymentHash: string;
  moduleAddress: string;
}): Promise<{ ok: true; value: RunLedger } | { ok: false; message: string }> {
  const payment = await transactionByHash(args.paymentHash);
  if (!payment.ok) return payment;
  const [processId, taskId] = payment.value.payload.arguments ?? [];
  const read = await view({
    function: `${args.moduleAddress}::payment::get_payment_record`,
    arguments: [processId, taskId, payment.value.sender],
  });
  if (!read.ok) return read;
  const record = read.value[0];
  if (!isPaymentRecord(record)) {
    return { ok: false, message: "The ledger's payment record was not understood" };
  }
  const outcomeHash =
    record.outcome === OUTCOME.NONE
      ? null
      : await outcomeTransaction(
          record,
          await reportersOf(record.process_id),
          BigInt(payment.value.timestamp),
        );
  return { ok: true, value: { record, outcomeHash } };
}
