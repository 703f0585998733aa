/**
 * What `run --pay` tells the user when its payment may exist without having paid for a run
 * (docs/x402.md, "After the commit"): a payment pays only for the request whose submission
 * commits it, so the way on is a run with the caller proof on its task id, never the same
 * payment again.
 */
import { z } from "zod";
import type { ErrorCode } from "#shared/errors/codes";
import { CliError } from "../errors/cli-error.js";
import type { GatewayResponse } from "../runtime/gateway-client.js";

export type PaymentAt = { processId: string; taskId: string; payer: string };

const ALREADY_COMMITTED: ErrorCode = "payment_already_committed";
const LEDGER_UNAVAILABLE: ErrorCode = "ledger_unavailable";
const codedBody = z.looseObject({ code: z.string() });

function runOnIt({ processId, taskId, payer }: PaymentAt): string {
  return `once \`agentgate verify-payment -i ${processId} -u ${payer}\` shows it, run on it with your key, without --pay: \`agentgate run -i ${processId} -t ${taskId}\` (with the same -d)`;
}

/**
 * The request's fate is unknown (the connection broke; the gateway or the ledger did not answer
 * in time, a 5xx that is no run): the payment may have committed, and sending it again would
 * not pay.
 */
export function paymentInDoubt(error: CliError, at: PaymentAt): CliError {
  return new CliError(
    error.kind,
    `${error.message}. The payment for task ${at.taskId} may have committed: ${runOnIt(at)}`,
  );
}

/**
 * A 5xx that is no run. With the payment's PAYMENT-RESPONSE, a 503 ledger_unavailable is the run
 * claim on the ledger not confirmed after the payment committed (docs/gateway.md, "Execute" step
 * 10): nothing ran, and the gateway's claim on the payment is final, so running on it would get
 * Payment required; the gateway reports it failed, and then the payer refunds. Any other: in doubt.
 */
export function failedAfterSending(
  error: CliError,
  args: { response: GatewayResponse; committed: boolean; at: PaymentAt },
): CliError {
  const { response, at } = args;
  const body = codedBody.safeParse(response.body);
  if (!args.committed || response.status !== 503 || body.data?.code !== LEDGER_UNAVAILABLE) {
    return paymentInDoubt(error, at);
  }
  return new CliError(
    error.kind,
    `${error.message}. The payment for task ${at.taskId} committed but nothing ran: the gateway will report it failed, and then \`agentgate refund -i ${at.processId} -t ${at.taskId}\` returns the funds`,
  );
}

/**
 * 409 payment_already_committed (the payment committed through another submission, e.g. a retry
 * of a request whose connection broke) as an error that says how to go on; null for any other
 * answer.
 */
export function alreadyCommittedError(response: GatewayResponse, at: PaymentAt): CliError | null {
  const body = codedBody.safeParse(response.body);
  if (response.status !== 409 || !body.success || body.data.code !== ALREADY_COMMITTED) return null;
  return new CliError(
    "refused",
    `run ${at.processId}: the payment for task ${at.taskId} is on the ledger but was committed by an earlier submission, so it paid for no run here (HTTP 409). If no run used it yet, ${runOnIt(at)}`,
  );
}
