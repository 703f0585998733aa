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
