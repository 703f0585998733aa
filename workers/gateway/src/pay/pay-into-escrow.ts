import { answerOf, refused } from "../http/failure.js";
import { type GatewayAnswer, nowIso } from "../http/respond.js";
import { paymentRequiredFailure } from "../payment/payment-required.js";
import { admitPayment, type PaymentDeps, type PaymentRequest } from "./admit-payment.js";

/**
 * POST /api/payment (docs/gateway.md, "Payment"; docs/x402.md): SPEC's body plus the payer's
 * signed make_payment, in the PAYMENT-SIGNATURE header (x402) or as body.signedTransaction. Reads
 * as admit (admit-payment.ts), settle, finish: the payment is submitted as signed, awaited, and
 * answered with SPEC's body plus the task id; bytes that committed before this request sent them
 * are 409 payment_already_committed (a payment pays only for its own submission, docs/x402.md
 * "After the commit"). With an Idempotency-Key, the answer is stored for the key.
 */
export async function payIntoEscrow(args: {
  request: PaymentRequest;
  deps: PaymentDeps;
}): Promise<GatewayAnswer> {
  const { request, deps } = args;
  const { body } = request;
  const processId = body.processId;
  const admission = await admitPayment(args);
  if (!admission.ok) return answerOf(admission.failure);
  const { transactionId, payment, idempotency, terms } = admission.admitted;

  const settled = await deps.scheme.settle({ payment, processId });
  let answer: GatewayAnswer;
  if (settled.ok) {
    answer = {
      status: 200,
      body: {
        success: true,
        transactionHash: settled.hash,
        processId,
        taskId: payment.taskId,
        amount: body.amount.toString(),
        userAddress: body.userAddress,
        timestamp: nowIso(),
      },
      ...(payment.via === "x402" ? { x402: { response: settled.response } } : {}),
    };
  } else if (settled.response === undefined) {
    answer = answerOf(refused(settled.error, processId));
  } else {
    const { error, response } = settled;
    answer = answerOf(
      await paymentRequiredFailure({ scheme: deps.scheme, terms, error, response }),
    );
  }
  if (idempotency !== null) {
    // A 5xx says nothing final (the node may still commit it): the retry asks again.
    const final = answer.status < 500;
    await deps.claims().finish({
      transactionId,
      taskId: null,
      idempotency,
      ...(final ? { answer: { status: answer.status, body: JSON.stringify(answer.body) } } : {}),
    });
  }
  return answer;
}
