import { type AppError, appError } from "#shared/errors/app-error";
import { errorMessage } from "#shared/errors/bodies";
import type { LedgerClient } from "#shared/ledger/client";
import { LedgerError } from "#shared/ledger/errors";
import type { DecodedSignedTransaction } from "#shared/ledger/signed-transactions";
import type { TxReceipt } from "#shared/ledger/transactions";
import { ledgerAppError } from "../ledger/ledger-error-answer.js";

/** How long the gateway waits for a submitted payment to commit before answering 504. */
export const PAYMENT_WAIT_SECS = 20;

/** What submitting a client-signed make_payment came to; `error` is what the caller is told. */
export type PaymentSubmit =
  | { ok: true; receipt: TxReceipt }
  | {
      ok: false;
      error: AppError;
      /** Set only when the ledger refused the bytes and they are not committed. */
      refusedBy?: LedgerError;
    };

/**
 * Simulates the payer's signed make_payment, then submits it as it is and waits for the commit:
 * a payment the ledger would refuse (an amount above the payer's balance, a task id already
 * used) is refused from the simulation, submitted never, so the payer pays no gas for it
 * (docs/x402.md, "What the server checks"). One more ledger request per payment.
 *
 * A payment pays only when THIS submission commits it. Bytes the ledger refuses because exactly
 * they committed earlier (their sequence number is used; a lookup by their hash finds them
 * committed) pay for nothing: a committed transaction is public, anyone can rebuild its bytes
 * from a fullnode, so they prove nothing about who sends them. That refusal points to the caller
 * proof, the one way to run on an existing payment (docs/x402.md, "After the commit").
 */
export async function submitPayment(args: {
  ledger: LedgerClient;
  signedTransaction: string;
  decoded: DecodedSignedTransaction;
  processId: string;
  taskId: string;
}): Promise<PaymentSubmit> {
  const { ledger } = args;
  try {
    await ledger.simulateSignedTransaction(args.signedTransaction);
  } catch (error) {
    return submitRefusal({ ...args, error, submitted: false });
  }
  try {
    const receipt = await ledger.submitSignedTransaction(args.signedTransaction, {
      timeoutSecs: PAYMENT_WAIT_SECS,
    });
    return { ok: true, receipt };
  } catch (error) {
    return submitRefusal({ ...args, error, submitted: true });
  }
}

/** Why a simulation or submission failed, as submitPayment's caller answers it. */
async function submitRefusal(args: {
  ledger: LedgerClient;
  decoded: DecodedSignedTransaction;
  processId: string;
  taskId: string;
  error: unknown;
  /** The bytes went to the node: a network failure then leaves their fate open. */
  submitted: boolean;
}): Promise<Extract<PaymentSubmit, { ok: false }>> {
  const { error, decoded } = args;
  if (!(error instanceof LedgerError)) throw error;
  const refused = ledgerAppError(error);
  if (error.kind === "network") {
    if (!args.submitted) return { ok: false, error: refused };
    const message = `${errorMessage(refused)}. The payment may still commit: do not send it again; once GET /api/payment/verify/${args.processId}/${decoded.sender} shows it, ${callerProofPath(args)}`;
    return { ok: false, error: { ...refused, message } };
  }
  if (error.kind === "rejected" && (await committedAlready(args.ledger, decoded))) {
    const message = `This make_payment (${decoded.hash}) committed before this request sent it, so it pays for no run here: a payment pays only for the request whose submission commits it. If it is yours and no run used it yet (e.g. your connection broke after you sent it), ${callerProofPath(args)}`;
    const details = {
      transactionHash: decoded.hash,
      processId: args.processId,
      taskId: args.taskId,
    };
    return { ok: false, error: appError("payment_already_committed", message, details) };
  }
  return { ok: false, error: refused, refusedBy: error };
}

/** The way to run on a payment that exists (docs/gateway.md, "Caller proof"). */
function callerProofPath(args: { processId: string; taskId: string }): string {
  const { processId, taskId } = args;
  return `run on it with the caller proof: POST /api/execute/${processId} with body.taskId "${taskId}" and the caller-proof headers (agentgate run -i ${processId} -t ${taskId}; docs/gateway.md, "Caller proof")`;
}

/**
 * Whether these exact bytes committed successfully earlier: only to choose the refusal's code,
 * never to pay (submitPayment). Committed bytes have a used sequence number; only then is the
 * lookup by hash worth its wait (up to 1 s for a hash the node does not know).
 */
async function committedAlready(
  ledger: LedgerClient,
  decoded: DecodedSignedTransaction,
): Promise<boolean> {
  try {
    if (decoded.sequenceNumber >= (await ledger.sequenceNumber(decoded.sender))) return false;
    await ledger.waitForTransaction(decoded.hash, { timeoutSecs: 1 });
    return true;
  } catch (error) {
    if (error instanceof LedgerError) return false;
    throw error;
  }
}
