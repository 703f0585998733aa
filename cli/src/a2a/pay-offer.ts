import type { PaymentRequirements } from "@x402/core/types";
import { signMakePayment } from "#shared/x402/escrow-client";
import type { EscrowRequirementExtra } from "#shared/x402/escrow-scheme";
import type { CommonArgValues } from "../args/common-args.js";
import { CliError } from "../errors/cli-error.js";
import type { Ed25519Signer } from "../runtime/ed25519-signer.js";
import { openSession } from "../runtime/session.js";

/** How long the signed payment stays valid: the gateway submits it at once (run-pay-and-run.ts). */
const PAYMENT_EXPIRATION_SECS = 60n;

/**
 * The make_payment that answers an a2a-x402 offer, built and signed here, never the offered
 * bytes: a gateway (or whoever sits between) could offer any transaction from the payer's
 * account under a harmless-looking `amount`. It pays this process, on the offered task id, the
 * price the ledger holds; an offer asking anything else is a gateway answering nonsense (exit 4),
 * refused before anything is signed.
 */
export async function payOffer(args: {
  values: CommonArgValues;
  signer: Ed25519Signer;
  processId: string;
  taskId: string;
  accepted: PaymentRequirements;
  extra: EscrowRequirementExtra;
}): Promise<string> {
  const { processId, signer } = args;
  if (args.extra.processId !== processId || args.extra.taskId !== args.taskId) {
    throw new CliError(
      "unreachable",
      `the gateway's offer is for ${args.extra.processId} task ${args.extra.taskId}, not ${processId} task ${args.taskId}: not paid`,
    );
  }
  const session = openSession(args.values);
  const process = await session.client.getProcess(processId);
  const price = process?.pricing?.taskPrice;
  if (price === undefined)
    throw new CliError("not_found", `process ${processId} has no price on the ledger`);
  if (args.accepted.amount !== price.toString()) {
    throw new CliError(
      "unreachable",
      `the gateway asks ${args.accepted.amount} octas for ${processId}, whose price on the ledger is ${price}: not paid`,
    );
  }
  const context = await session.transactions.transactionContext(
    signer.accountAddress.toStringLong(),
  );
  return signMakePayment({
    signer,
    moduleAddress: session.transactions.moduleAddress(),
    context,
    processId,
    taskId: args.taskId,
    amount: price,
    expirationTimestampSecs: BigInt(Math.floor(Date.now() / 1000)) + PAYMENT_EXPIRATION_SECS,
  });
}
