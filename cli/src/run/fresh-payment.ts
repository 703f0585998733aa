import { signMakePayment } from "#shared/x402/escrow-client";
import type { Ed25519Signer } from "../runtime/ed25519-signer.js";
import type { TransactionSession } from "../runtime/transaction-session.js";

/**
 * How long the signed payment stays valid. The gateway submits it at once, so this only has to
 * cover the request's way there and a clock that runs behind the ledger's.
 */
const PAYMENT_EXPIRATION_SECS = 60n;

/**
 * A make_payment built and signed here for a gateway to submit (docs/x402.md): the sender's
 * sequence number, gas price and chain id asked of the node now. Used by `run --pay` and by
 * `a2a send`, which never signs bytes a gateway offers.
 */
export async function signFreshPayment(args: {
  session: TransactionSession;
  signer: Ed25519Signer;
  processId: string;
  taskId: string;
  amount: bigint;
}): Promise<{ signedTransaction: string; chainId: number; moduleAddress: string }> {
  const { session, signer } = args;
  const moduleAddress = session.transactions.moduleAddress();
  const context = await session.transactions.transactionContext(
    signer.accountAddress.toStringLong(),
  );
  const signedTransaction = await signMakePayment({
    signer,
    moduleAddress,
    context,
    processId: args.processId,
    taskId: args.taskId,
    amount: args.amount,
    expirationTimestampSecs: BigInt(Math.floor(Date.now() / 1000)) + PAYMENT_EXPIRATION_SECS,
  });
  return { signedTransaction, chainId: context.chainId, moduleAddress };
}
