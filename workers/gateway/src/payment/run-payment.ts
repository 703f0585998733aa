import { sha256Hex } from "#shared/auth/agent-signature";
import { bytesToHex } from "#shared/auth/bytes";
import { appError } from "#shared/errors/app-error";
import type { LedgerClient } from "#shared/ledger/client";
import { LedgerError } from "#shared/ledger/errors";
import type { DecodedSignedTransaction } from "#shared/ledger/signed-transactions";
import type { PaymentBody } from "#shared/schemas/gateway";
import { admitRefusal } from "../claims/admit-refusal.js";
import type { ClaimsApi } from "../claims/claims-types.js";
import { newTransactionId } from "../execute/transaction-id.js";
import { checkCallerProof } from "../http/caller-proof-check.js";
import { errorAnswer, type GatewayAnswer, nowIso } from "../http/respond.js";
import { ledgerAppError } from "../ledger/ledger-error-answer.js";
import { checkSignedPayment } from "./check-signed-payment.js";

/** How long /api/payment waits for the transaction to commit before answering 504. */
export const PAYMENT_WAIT_SECS = 20;
const ROUTE = "payment";

let knownChainId: number | null = null;

async function chainIdOf(ledger: LedgerClient): Promise<number> {
  knownChainId ??= ledger.network.chainId ?? (await ledger.chainId());
  return knownChainId;
}

/** Without a signed transaction: the make_payment to sign, as hex BCS, and the task id in it. */
async function unsignedAnswer(args: {
  ledger: LedgerClient;
  body: PaymentBody;
}): Promise<GatewayAnswer> {
  const { ledger, body } = args;
  const taskId = body.taskId ?? newTransactionId();
  const transaction = await ledger.buildUnsignedMakePayment({
    sender: body.userAddress,
    request: { processId: body.processId, taskId, amount: body.amount },
  });
  const answer = errorAnswer(
    appError(
      "validation_failed",
      "body.signedTransaction: required; sign unsignedTransaction (hex BCS of a SimpleTransaction) with the payer's key and send the signed transaction's hex BCS as signedTransaction, with this taskId",
    ),
    { processId: body.processId },
  );
  return {
    status: answer.status,
    body: {
      ...answer.body,
      taskId,
      unsignedTransaction: `0x${bytesToHex(transaction.bcsToBytes())}`,
    },
  };
}

/**
 * POST /api/payment: checks the payer's signed make_payment against the body, submits it, waits for
 * it to commit, and answers the payment body plus the task id (docs/gateway.md, "Payment").
 * Idempotent per (route, userAddress, Idempotency-Key): a retry returns the first answer without
 * paying again. A key is taken only with a valid caller proof for userAddress, checked before
 * anything is recorded (docs/gateway.md, "Idempotency").
 */
export async function runPayment(args: {
  ledger: LedgerClient;
  body: PaymentBody;
  rawBody: Uint8Array;
  headers: Headers;
  path: string;
  publicOrigin: string | null;
  idempotencyKey: string | null;
  claims: () => ClaimsApi;
}): Promise<GatewayAnswer> {
  const { ledger, body } = args;
  const processId = body.processId;
  if (body.signedTransaction === undefined) {
    try {
      return await unsignedAnswer({ ledger, body });
    } catch (error) {
      return errorAnswer(ledgerAppError(error), { processId });
    }
  }
  let decoded: DecodedSignedTransaction;
  try {
    decoded = ledger.decodeSignedTransaction(body.signedTransaction);
  } catch (error) {
    if (!(error instanceof LedgerError)) throw error;
    return errorAnswer(appError("validation_failed", `body.${error.message}`), { processId });
  }
  const check = checkSignedPayment({
    decoded,
    body,
    moduleAddress: ledger.moduleAddress(),
    chainId: await chainIdOf(ledger),
  });
  if (!check.ok) return errorAnswer(appError("validation_failed", check.message), { processId });

  const transactionId = newTransactionId();
  let idempotency =
    args.idempotencyKey === null
      ? undefined
      : { route: ROUTE, key: args.idempotencyKey, bodyHash: await sha256Hex(args.rawBody) };
  if (idempotency !== undefined) {
    const context = await ledger.gatewayContext({ processId, payer: body.userAddress });
    const proof = await checkCallerProof({
      publicOrigin: args.publicOrigin,
      headers: args.headers,
      method: "POST",
      path: args.path,
      body: args.rawBody,
      authenticationKey: context.authenticationKey,
    });
    if (!proof.ok) return errorAnswer(proof.error, { processId });
    const admitted = await args.claims().admit({
      transactionId,
      nowSeconds: Math.floor(Date.now() / 1000),
      proof: proof.value,
      idempotency,
    });
    const refusal = admitRefusal(admitted, processId);
    if (refusal !== null) return refusal;
    // Over the claims object's cap the payment still goes ahead, without a stored answer.
    if (admitted.kind === "admitted" && !admitted.idempotent) idempotency = undefined;
  }

  let answer: GatewayAnswer;
  try {
    const receipt = await ledger.submitSignedTransaction(body.signedTransaction, {
      timeoutSecs: PAYMENT_WAIT_SECS,
    });
    answer = {
      status: 200,
      body: {
        success: true,
        transactionHash: receipt.hash,
        processId,
        taskId: check.taskId,
        amount: body.amount.toString(),
        userAddress: body.userAddress,
        timestamp: nowIso(),
      },
    };
  } catch (error) {
    answer = errorAnswer(ledgerAppError(error), { processId });
  }
  if (idempotency !== undefined) {
    // A 5xx says nothing final (the node may still commit it): the retry asks again.
    const final = answer.status < 500;
    await args.claims().finish({
      transactionId,
      taskId: null,
      idempotency: { route: ROUTE, key: idempotency.key },
      ...(final ? { answer: { status: answer.status, body: JSON.stringify(answer.body) } } : {}),
    });
  }
  return answer;
}
