import { sha256Hex } from "#shared/auth/agent-signature";
import { type AppError, appError } from "#shared/errors/app-error";
import type { LedgerClient } from "#shared/ledger/client";
import type { GatewayContext } from "#shared/ledger/records";
import type { PaymentBody } from "#shared/schemas/gateway";
import type { PaymentPayload, SettleResponse } from "#shared/x402/transport";
import { admitRefusal } from "../claims/admit-refusal.js";
import type { ClaimsApi } from "../claims/claims-types.js";
import { processRefusal } from "../execute/process-refusal.js";
import { newTransactionId } from "../execute/transaction-id.js";
import { checkCallerProof } from "../http/caller-proof-check.js";
import { errorAnswer, type GatewayAnswer, nowIso } from "../http/respond.js";
import type { ExpectedPayment } from "./check-signed-payment.js";
import { checkSignedHex, commitEscrowPayment, readEscrowPayment } from "./escrow-payment.js";
import { type OfferArgs, offerAnswer, PAYMENT_WAIT_SECS } from "./payment-offer.js";
import { submitPayment } from "./submit-payment.js";

const ROUTE = "payment";

/** How the payment will be committed, once every check before submitting passed. */
type Submit = () => Promise<
  { ok: true; hash: string; response?: SettleResponse } | { ok: false; answer: GatewayAnswer }
>;

/**
 * POST /api/payment (docs/gateway.md, "Payment"; docs/x402.md): SPEC's body plus the payer's
 * signed make_payment, in the PAYMENT-SIGNATURE header (x402) or as body.signedTransaction. The
 * process must exist and be active and the amount cover its current price before anything is
 * built or submitted; without a payment the answer is 402 offering the make_payment to sign.
 * The payment is submitted as signed, awaited, and answered with SPEC's body plus the task id;
 * bytes that committed before this request sent them are 409 payment_already_committed (a
 * payment pays only for its own submission, docs/x402.md "After the commit").
 * Idempotent per (route, userAddress, Idempotency-Key) with a caller proof (docs/gateway.md,
 * "Idempotency").
 */
export async function runPayment(args: {
  ledger: LedgerClient;
  body: PaymentBody;
  payment: PaymentPayload | null;
  rawBody: Uint8Array;
  headers: Headers;
  path: string;
  resourceUrl: string;
  publicOrigin: string | null;
  idempotencyKey: string | null;
  unsignedTransactionTtlSeconds: number;
  claims: () => ClaimsApi;
}): Promise<GatewayAnswer> {
  const { ledger, body } = args;
  const processId = body.processId;
  const refuse = (error: AppError) => errorAnswer(error, { processId });
  if (args.payment !== null && body.signedTransaction !== undefined) {
    return refuse(
      appError(
        "validation_failed",
        "body.signedTransaction: send the payment once, in the PAYMENT-SIGNATURE header or as body.signedTransaction",
      ),
    );
  }
  const context = await ledger.gatewayContext({ processId, payer: body.userAddress });
  const unusable = processRefusal(context);
  if (unusable !== null) return refuse(unusable);
  const price = context.pricing?.taskPrice ?? 0n;
  if (body.amount < price) {
    return refuse(
      appError(
        "validation_failed",
        `body.amount: ${body.amount} is below the process's current price ${price}`,
      ),
    );
  }
  const offer: OfferArgs = {
    ledger,
    processId,
    price,
    amount: body.amount,
    payer: body.userAddress,
    taskId: body.taskId,
    resourceUrl: args.resourceUrl,
    maxTimeoutSeconds: PAYMENT_WAIT_SECS,
    unsignedTransactionTtlSeconds: args.unsignedTransactionTtlSeconds,
  };
  const expected: ExpectedPayment = {
    userAddress: body.userAddress,
    processId,
    minAmount: price,
    amount: body.amount,
    taskId: body.taskId,
  };

  let taskId: string;
  let submit: Submit;
  if (args.payment !== null) {
    const read = await readEscrowPayment({ ledger, payment: args.payment, expected });
    if (!read.ok) return offerAnswer({ error: read.error, offer });
    taskId = read.taskId;
    submit = async () => {
      const commit = await commitEscrowPayment({ ledger, read, processId });
      if (commit.ok) return commit;
      if (commit.response === undefined) return { ok: false, answer: refuse(commit.error) };
      const answer = await offerAnswer({ error: commit.error, offer, response: commit.response });
      return { ok: false, answer };
    };
  } else if (body.signedTransaction !== undefined) {
    const signedTransaction = body.signedTransaction;
    // Any mismatch is 400 naming the field.
    const checked = await checkSignedHex({ ledger, signedTransaction, expected, at: "body." });
    if (!checked.ok) return refuse(appError("validation_failed", checked.message));
    const { decoded } = checked;
    taskId = checked.taskId;
    const paid = { ledger, signedTransaction, decoded, processId, taskId: checked.taskId };
    submit = async () => {
      const submitted = await submitPayment(paid);
      if (submitted.ok) return { ok: true, hash: submitted.receipt.hash };
      return { ok: false, answer: refuse(submitted.error) };
    };
  } else {
    return offerAnswer({
      error: appError(
        "x402_payment_required",
        "Payment required: sign accepts[0].extra.unsignedTransaction (or your own make_payment) and send it in the PAYMENT-SIGNATURE header (docs/x402.md)",
      ),
      offer,
    });
  }

  const transactionId = newTransactionId();
  let idempotency =
    args.idempotencyKey === null
      ? undefined
      : { route: ROUTE, key: args.idempotencyKey, bodyHash: await sha256Hex(args.rawBody) };
  if (idempotency !== undefined) {
    const admitted = await admitIdempotent({ args, context, transactionId, idempotency });
    if (admitted.answer !== null) return admitted.answer;
    if (!admitted.idempotent) idempotency = undefined;
  }

  const committed = await submit();
  const answer: GatewayAnswer = committed.ok
    ? {
        status: 200,
        body: {
          success: true,
          transactionHash: committed.hash,
          processId,
          taskId,
          amount: body.amount.toString(),
          userAddress: body.userAddress,
          timestamp: nowIso(),
        },
        ...(committed.response === undefined ? {} : { x402: { response: committed.response } }),
      }
    : committed.answer;
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

/**
 * An Idempotency-Key is taken only with a valid caller proof for userAddress, checked before
 * anything is recorded. Over the claims object's cap the payment still goes ahead, without a
 * stored answer (`idempotent` false).
 */
async function admitIdempotent(a: {
  args: Parameters<typeof runPayment>[0];
  context: GatewayContext;
  transactionId: string;
  idempotency: { route: string; key: string; bodyHash: string };
}): Promise<{ answer: GatewayAnswer | null; idempotent: boolean }> {
  const { args } = a;
  const processId = args.body.processId;
  const proof = await checkCallerProof({
    publicOrigin: args.publicOrigin,
    headers: args.headers,
    method: "POST",
    path: args.path,
    body: args.rawBody,
    authenticationKey: a.context.authenticationKey,
  });
  if (!proof.ok) return { answer: errorAnswer(proof.error, { processId }), idempotent: false };
  const admitted = await args.claims().admit({
    transactionId: a.transactionId,
    nowSeconds: Math.floor(Date.now() / 1000),
    proof: proof.value,
    idempotency: a.idempotency,
  });
  const refusal = admitRefusal(admitted, processId);
  if (refusal !== null) return { answer: refusal, idempotent: false };
  return { answer: null, idempotent: admitted.kind === "admitted" && admitted.idempotent };
}
