import type { PaymentRequirements } from "@x402/core/types";
import type { EscrowRequirementExtra } from "#shared/x402/escrow-scheme";
import type { CommonArgValues } from "../args/common-args.js";
import { CliError } from "../errors/cli-error.js";
import { signFreshPayment } from "../run/fresh-payment.js";
import type { Ed25519Signer } from "../runtime/ed25519-signer.js";
import { openSession } from "../runtime/session.js";

/**
 * The make_payment that answers an a2a-x402 offer, built and signed here, never the offered
 * bytes (run/fresh-payment.ts): a gateway (or whoever sits between) could offer any transaction from the payer's
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
  const paid = await signFreshPayment({
    session,
    signer,
    processId,
    taskId: args.taskId,
    amount: price,
  });
  return paid.signedTransaction;
}
