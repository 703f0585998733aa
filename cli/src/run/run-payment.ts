import type { CommonArgValues } from "../args/common-args.js";
import type { ResolvedSettings } from "../config/resolve-settings.js";
import { formatApt } from "../output/format.js";
import type { Output } from "../output/output.js";
import type { Ed25519Signer } from "../runtime/ed25519-signer.js";
import { openTransactionSession } from "../runtime/transaction-session.js";

/** The payment `run --pay` made, as its result shows it. */
export interface RunPayment {
  taskId: string;
  amount: string;
  transactionHash: string;
  explorerUrl?: string;
}

/**
 * Pays `amount` into escrow for (processId, taskId) and waits for the commit, through the same
 * SDK-free transaction path as `pay`.
 */
export async function payBeforeRun(args: {
  values: CommonArgValues;
  settings: ResolvedSettings;
  signer: Ed25519Signer;
  processId: string;
  taskId: string;
  amount: bigint;
  out: Output;
}): Promise<RunPayment> {
  const { processId, taskId, amount, signer } = args;
  const session = openTransactionSession(args.values, { settings: args.settings });
  const receipt = await session.submit("pay", (wait) =>
    session.transactions.entry({
      signer,
      fn: "make_payment",
      args: [processId, taskId, amount],
      options: wait,
    }),
  );
  args.out.note(`paid ${formatApt(amount)} for task ${taskId} (${receipt.hash})`);
  return { taskId, amount: amount.toString(), ...session.transaction(receipt.hash) };
}
