import { OUTCOME } from "#shared/contract/status";
import { getProcess } from "./api.js";
import { isPaymentRecord, type PaymentRecordJson } from "./escrow-payment.js";
import {
  accountTransactions,
  transactionByHash,
  type UserTransaction,
  view,
} from "./ledger-api.js";
import { sameAddress } from "./same-address.js";

/**
 * A paid run's outcome as the ledger holds it (docs/console.md, "A run's ledger outcome"): the
 * payment its make_payment made, read back by get_payment_record, and, once an outcome is
 * recorded, the report_outcome transaction that recorded it, looked for among the latest
 * transactions of the accounts allowed to report (the process's agents, its owner).
 */
export type RunLedger = { record: PaymentRecordJson; outcomeHash: string | null };

/** How many of a reporter's latest transactions are searched for the outcome's. */
const REPORTER_PAGE = 100;

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

async function outcomeTransaction(record: PaymentRecordJson, reporters: string[]) {
  for (const reporter of reporters) {
    const latest = await accountTransactions({
      address: reporter,
      start: null,
      limit: REPORTER_PAGE,
    });
    const found = latest.ok
      ? latest.value.filter((tx) => reportsThisPayment(tx, record)).at(-1)
      : undefined;
    if (found !== undefined) return found.hash;
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
      : await outcomeTransaction(record, await reportersOf(record.process_id));
  return { ok: true, value: { record, outcomeHash } };
}
