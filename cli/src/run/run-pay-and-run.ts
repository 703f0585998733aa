import { escrowPaymentPayload, readPaymentResponse } from "#shared/x402/escrow-client";
import { escrowRequirement } from "#shared/x402/escrow-scheme";
import {
  encodePaymentSignatureHeader,
  PAYMENT_RESPONSE_HEADER,
  PAYMENT_SIGNATURE_HEADER,
} from "#shared/x402/transport";
import type { CommonArgValues } from "../args/common-args.js";
import type { ResolvedSettings } from "../config/resolve-settings.js";
import { CliError } from "../errors/cli-error.js";
import { formatApt } from "../output/format.js";
import type { Output } from "../output/output.js";
import type { Ed25519Signer } from "../runtime/ed25519-signer.js";
import {
  GATEWAY_TIMEOUT_MS,
  type GatewayResponse,
  gatewayError,
} from "../runtime/gateway-client.js";
import { openTransactionSession } from "../runtime/transaction-session.js";
import { signFreshPayment } from "./fresh-payment.js";
import {
  alreadyCommittedError,
  failedAfterSending,
  paymentInDoubt,
} from "./pay-and-run-recovery.js";
import { type StartedRun, sendExecute, startedRun } from "./run-gateway.js";
import { buildExecuteRequest } from "./run-request.js";

/** The payment `run --pay` made, as its result shows it. */
export interface RunPayment {
  taskId: string;
  amount: string;
  transactionHash: string;
  explorerUrl?: string;
}

/**
 * Pays and runs in one gateway request (docs/x402.md): the make_payment is built and signed here
 * (sequence number, gas price and chain id asked of the node at once), and the execute request
 * carries it in PAYMENT-SIGNATURE. The gateway checks it before submitting (so a refusal it can
 * predict costs nothing), commits it and runs on exactly that payment; no caller proof is needed,
 * since this request's own submission commits the payment. When the request's fate is unknown
 * (a broken connection, a 5xx) or the payment committed through another submission (409), the
 * error says how to run on it with the caller proof; when it committed but its run claim could
 * not be confirmed (503 ledger_unavailable), how to refund it (pay-and-run-recovery.ts).
 */
export async function payAndRun(args: {
  values: CommonArgValues;
  settings: ResolvedSettings;
  signer: Ed25519Signer;
  processId: string;
  taskId: string;
  amount: bigint;
  request: Parameters<typeof buildExecuteRequest>[0];
  out: Output;
}): Promise<{ started: StartedRun; payment: RunPayment }> {
  const { processId, taskId, amount, signer, out } = args;
  const session = openTransactionSession(args.values, { settings: args.settings });
  const sender = signer.accountAddress.toStringLong();
  const { signedTransaction, chainId, moduleAddress } = await signFreshPayment({
    session,
    signer,
    processId,
    taskId,
    amount,
  });
  const accepted = escrowRequirement({
    chainId,
    moduleAddress,
    processId,
    taskId,
    amount,
    maxTimeoutSeconds: GATEWAY_TIMEOUT_MS / 1000,
  });
  const request = await buildExecuteRequest(args.request, {
    signer: undefined,
    userAddress: sender,
  });
  request.headers[PAYMENT_SIGNATURE_HEADER] = encodePaymentSignatureHeader(
    escrowPaymentPayload(accepted, signedTransaction),
  );
  const at = { processId, taskId, payer: sender };
  let response: GatewayResponse;
  try {
    response = await sendExecute(request, `paying and running ${processId}`, out);
  } catch (error) {
    // The request went out with the payment: it may have committed (docs/x402.md).
    if (error instanceof CliError && error.kind === "unreachable") throw paymentInDoubt(error, at);
    throw error;
  }
  const settled = readPaymentResponse(response.headers.get(PAYMENT_RESPONSE_HEADER));
  if (!settled.ok) throw new CliError("unexpected", `run ${processId}: ${settled.message}`);
  const settle = settled.response;
  if (response.status === 402) {
    // The gateway's reason (docs/x402.md, "What the server checks"), and the ledger's code when
    // the node refused the payment at submission.
    const reason = settle?.errorReason ? ` [${settle.errorReason}]` : "";
    const error = gatewayError(response, `run ${processId}: payment refused`);
    throw new CliError(error.kind, `${error.message}${reason}`);
  }
  const committedElsewhere = alreadyCommittedError(response, at);
  if (committedElsewhere !== null) throw committedElsewhere;
  // Refused before the payment was sent (data the agent's schema refuses, an agent that cannot
  // run it): SPEC's failed-run 400 without a PAYMENT-RESPONSE, so nothing was paid or run and the
  // command fails. A 5xx without one may still have paid: below.
  if (settle === undefined && response.status === 400) {
    throw gatewayError(response, `run ${processId}: nothing was paid`);
  }
  let started: StartedRun;
  try {
    started = startedRun(response, processId);
  } catch (error) {
    if (error instanceof CliError && response.status >= 500) {
      throw failedAfterSending(error, { response, committed: settle?.success === true, at });
    }
    throw error;
  }
  if (!settle?.success || settle.transaction === "") {
    throw new CliError(
      "unexpected",
      `run ${processId}: the gateway ran it but sent no PAYMENT-RESPONSE with the payment's transaction`,
    );
  }
  const paidTask = settle.extra?.taskId ?? taskId;
  out.note(`paid ${formatApt(amount)} for task ${paidTask} (${settle.transaction})`);
  return {
    started,
    payment: {
      taskId: paidTask,
      amount: amount.toString(),
      ...session.transaction(settle.transaction),
    },
  };
}
