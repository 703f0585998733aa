import type { AppError } from "#shared/errors/app-error";
import type { PaymentRequired, SettleResponse } from "#shared/x402/transport";
import { errorAnswer, failedRunAnswer, type GatewayAnswer } from "./respond.js";

/**
 * Why a request does not go on, as the logic returns it: the one failure value of the paid path
 * (admission, payment), turned into an answer only by `answerOf`, where the transport is.
 * - `refused`: an AppError, naming the process when the request named one, with the x402 objects
 *   that travel with it (payment requirements offered afresh, the SettleResponse of a payment
 *   this request committed).
 * - `failed_run`: SPEC's failed run, under a transaction id of its own although nothing ran
 *   (docs/gateway.md, "Execute").
 * - `answered`: an answer already decided elsewhere: the stored answer an Idempotency-Key
 *   replays (claims/admit-caller.ts).
 */
export type Failure =
  | {
      kind: "refused";
      error: AppError;
      processId?: string;
      x402?: { required?: PaymentRequired; response?: SettleResponse };
    }
  | { kind: "failed_run"; error: AppError; transactionId: string; processId: string }
  | { kind: "answered"; answer: GatewayAnswer };

export function refused(error: AppError, processId?: string): Failure {
  return processId === undefined
    ? { kind: "refused", error }
    : { kind: "refused", error, processId };
}

/**
 * The answer to a failure. A 402 carries the PaymentRequired both in the PAYMENT-REQUIRED header
 * and in the JSON body next to the error fields; SPEC's 400 Payment required carries it in the
 * header only (docs/x402.md, "Which answer").
 */
export function answerOf(failure: Failure): GatewayAnswer {
  switch (failure.kind) {
    case "answered":
      return failure.answer;
    case "failed_run":
      return failedRunAnswer(failure);
    case "refused": {
      const { error, processId, x402 } = failure;
      const answer = errorAnswer(error, processId === undefined ? {} : { processId });
      if (x402 === undefined) return answer;
      if (answer.status !== 402 || x402.required === undefined) return { ...answer, x402 };
      return { status: 402, body: { ...x402.required, ...answer.body }, x402 };
    }
  }
}
