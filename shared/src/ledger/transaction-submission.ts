import { signedTransactionBatchBytes, signedTransactionBytes } from "./entry-bcs.js";
import { rawEntryTransaction, signedRawTransaction } from "./entry-transaction.js";
import { LedgerError } from "./errors.js";
import {
  type AskNode,
  BCS_SIGNED_TRANSACTION,
  type NodeConnection,
  pendingAnswer,
  simulationAnswer,
} from "./node-ask.js";
import { type BatchEntryResult, batchResults, singleResult } from "./transaction-batch.js";
import type { TransactionContextReader } from "./transaction-context.js";
import { failureOf } from "./transaction-failure.js";
import { waitForCommit } from "./transaction-wait.js";
import type { EntrySubmission, LedgerSigner, TxReceipt } from "./transactions.js";
import { sendNodeRequest } from "./transport.js";

/** Sending transactions to the node: simulated, submitted one by one, or in a batch. */

/**
 * Runs a signed transaction (its signature zeroed: a node refuses to simulate a validly signed
 * one) on the node without committing it; throws what it would fail with.
 */
export async function simulateSigned(args: {
  ask: AskNode;
  moduleAddress: string | undefined;
  body: Uint8Array<ArrayBuffer>;
}): Promise<void> {
  const [outcome] = await args.ask(
    "simulate",
    {
      method: "POST",
      path: "transactions/simulate",
      body: args.body,
      contentType: BCS_SIGNED_TRANSACTION,
    },
    simulationAnswer,
  );
  if (!outcome.success) {
    throw failureOf({ vmStatus: outcome.vm_status, moduleAddress: args.moduleAddress });
  }
}

/** Simulates the raw transaction as `signer` would send it. */
export async function simulateRaw(args: {
  ask: AskNode;
  moduleAddress: string | undefined;
  signer: LedgerSigner;
  raw: Uint8Array;
}): Promise<void> {
  const { signer } = args;
  if (signer.simulationAuthenticator === undefined) {
    throw new LedgerError({
      kind: "invalid_input",
      message: "signer: this client simulates first, and the signer cannot sign a simulation",
    });
  }
  await simulateSigned({
    ask: args.ask,
    moduleAddress: args.moduleAddress,
    body: signedTransactionBytes(args.raw, signer.simulationAuthenticator().bcsToBytes()),
  });
}

/** Submits a signed transaction's BCS; the hash the node accepted it under. */
async function submitSigned(args: {
  ask: AskNode;
  body: Uint8Array<ArrayBuffer>;
}): Promise<string> {
  const pending = await args.ask(
    "submit",
    { method: "POST", path: "transactions", body: args.body, contentType: BCS_SIGNED_TRANSACTION },
    pendingAnswer,
  );
  return pending.hash;
}

/**
 * Builds the transaction (sequence number, gas price and chain id asked for at once),
 * simulates it when the client does, signs it, submits its BCS and waits for the commit.
 */
export async function submitEntryAndWait(args: {
  ask: AskNode;
  moduleAddress: string | undefined;
  transactionContext: TransactionContextReader;
  simulate: boolean;
  submission: EntrySubmission;
}): Promise<TxReceipt> {
  const { ask, moduleAddress, submission } = args;
  const { signer } = submission;
  const options = submission.options ?? {};
  const context = await args.transactionContext(signer.accountAddress.toStringLong(), options);
  const raw = rawEntryTransaction({ submission, context });
  if (args.simulate) await simulateRaw({ ask, moduleAddress, signer, raw });
  const hash = await submitSigned({ ask, body: await signedRawTransaction({ signer, raw }) });
  return waitForCommit({ ask, moduleAddress, hash, options });
}

/**
 * POST /v1/transactions/batch: signed transactions in one request, taken in order (one sender's
 * consecutive sequence numbers share one trip to the node); each one's fate by index
 * (transaction-batch.ts). Their commits are awaited one by one with waitForTransaction.
 */
export async function submitSignedBatch(args: {
  connection: NodeConnection;
  signed: readonly Uint8Array[];
}): Promise<BatchEntryResult[]> {
  const { connection, signed } = args;
  // A batch of one goes alone: a node answers a whole batch it refused with one generic 400,
  // and a single submission with its reason.
  const alone = signed.length === 1 ? signed[0] : undefined;
  const answer = await sendNodeRequest({
    fetch: connection.fetch,
    timeoutMs: connection.requestTimeoutMs,
    method: "POST",
    url: `${connection.network.fullnode}/transactions${alone === undefined ? "/batch" : ""}`,
    headers: { "content-type": BCS_SIGNED_TRANSACTION },
    body: alone === undefined ? signedTransactionBatchBytes(signed) : new Uint8Array(alone),
  });
  const moduleAddress = connection.network.moduleAddress;
  if (alone !== undefined) return [singleResult({ answer, signed: alone, moduleAddress })];
  return batchResults({ answer, signed, moduleAddress });
}
