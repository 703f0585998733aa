import { type AppError, appError } from "#shared/errors/app-error";
import { errorMessage } from "#shared/errors/bodies";
import type { LedgerClient } from "#shared/ledger/client";
import { LedgerError } from "#shared/ledger/errors";
import type { DecodedSignedTransaction } from "#shared/ledger/signed-transactions";
import type { TxReceipt } from "#shared/ledger/transactions";
import { aptosNetwork, parseEscrowPayment } from "#shared/x402/escrow-scheme";
import type { PaymentPayload, SettleResponse } from "#shared/x402/transport";
import { ledgerChainId } from "../ledger/chain-id.js";
import { ledgerAppError } from "../ledger/ledger-error-answer.js";
import { checkSignedPayment, type ExpectedPayment } from "./check-signed-payment.js";
import { PAYMENT_WAIT_SECS } from "./payment-offer.js";

export type EscrowPaymentRead =
  | { ok: true; signedTransaction: string; decoded: DecodedSignedTransaction; taskId: string }
  | { ok: false; error: AppError };

/**
 * A client-signed make_payment (hex BCS), decoded and checked against the request before anything
 * is submitted (check-signed-payment.ts); `at` is where the request carried it, named in every
 * message (`body.` or `payment.payload.`).
 */
export async function checkSignedHex(args: {
  ledger: LedgerClient;
  signedTransaction: string;
  expected: ExpectedPayment;
  at: string;
}): Promise<
  { ok: true; decoded: DecodedSignedTransaction; taskId: string } | { ok: false; message: string }
> {
  const { ledger, at } = args;
  let decoded: DecodedSignedTransaction;
  try {
    decoded = ledger.decodeSignedTransaction(args.signedTransaction);
  } catch (error) {
    if (!(error instanceof LedgerError)) throw error;
    return { ok: false, message: `${at}${error.message}` };
  }
  const check = checkSignedPayment({
    decoded,
    expected: args.expected,
    moduleAddress: ledger.moduleAddress(),
    chainId: await ledgerChainId(ledger),
    // The node checks expiry against the wall clock, as clients stamp it.
    nowSecs: BigInt(Math.floor(Date.now() / 1000)),
    field: `${at}signedTransaction`,
  });
  return check.ok ? { ok: true, decoded, taskId: check.taskId } : check;
}

/**
 * An x402 PaymentPayload read as the escrow payment the request asks for: the envelope (scheme,
 * network), then the signed make_payment itself, all before anything is submitted. Every refusal
 * is 402 payment_invalid with the reason (docs/x402.md, "What the server checks").
 */
export async function readEscrowPayment(args: {
  ledger: LedgerClient;
  payment: PaymentPayload;
  expected: ExpectedPayment;
}): Promise<EscrowPaymentRead> {
  const { ledger } = args;
  const invalid = (message: string) => ({
    ok: false as const,
    error: appError("payment_invalid", message),
  });
  const parsed = parseEscrowPayment(args.payment, await ledgerChainId(ledger));
  if (!parsed.ok) return invalid(parsed.message);
  const checked = await checkSignedHex({
    ledger,
    signedTransaction: parsed.signedTransaction,
    expected: args.expected,
    at: "payment.payload.",
  });
  if (!checked.ok) return invalid(checked.message);
  const { decoded, taskId } = checked;
  return { ok: true, signedTransaction: parsed.signedTransaction, decoded, taskId };
}

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

export type EscrowCommit =
  | { ok: true; hash: string; response: SettleResponse }
  | {
      ok: false;
      error: AppError;
      /** Set when the ledger refused the payment: nothing committed. */
      response?: SettleResponse;
    };

/**
 * Simulates and submits the payer's signed make_payment (submitPayment), as x402 answers it: a
 * ledger refusal is 402 payment_failed with a failed SettleResponse; bytes that committed before
 * are 409 payment_already_committed, and nothing is claimed (docs/x402.md, "After the commit").
 */
export async function commitEscrowPayment(args: {
  ledger: LedgerClient;
  read: Extract<EscrowPaymentRead, { ok: true }>;
  processId: string;
}): Promise<EscrowCommit> {
  const { ledger, read, processId } = args;
  const network = aptosNetwork(await ledgerChainId(ledger));
  const submitted = await submitPayment({
    ledger,
    signedTransaction: read.signedTransaction,
    decoded: read.decoded,
    processId,
    taskId: read.taskId,
  });
  if (submitted.ok) {
    const hash = submitted.receipt.hash;
    return {
      ok: true,
      hash,
      response: {
        success: true,
        transaction: hash,
        network,
        payer: read.decoded.sender,
        extra: { processId, taskId: read.taskId },
      },
    };
  }
  const { error, refusedBy } = submitted;
  if (refusedBy === undefined) return { ok: false, error };
  return {
    ok: false,
    error: appError("payment_failed", errorMessage(error), error.details),
    response: {
      success: false,
      errorReason: error.code,
      errorMessage: errorMessage(error),
      transaction: refusedBy.hash ?? "",
      network,
      payer: read.decoded.sender,
    },
  };
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
