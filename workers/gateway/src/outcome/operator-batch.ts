import { LedgerError } from "#shared/ledger/errors";
import type { BatchEntryResult } from "#shared/ledger/transaction-batch";
import type { LedgerSigner, TransactionClient } from "#shared/ledger/transactions";
import { callOf, fail, type OperatorJob, succeed } from "./operator-job.js";
import type { OperatorSequence } from "./operator-sequence.js";
import { isSequenceConflict } from "./sequence-conflict.js";

/** Sends again on a sequence-number conflict, asking the node afresh each time. */
export const SEQUENCE_ATTEMPTS = 8;

/** At most this many transactions in one batch (Aptos takes 100 per batch). */
export const OPERATOR_BATCH_MAX = 32;

/**
 * A batch waits for the commits in flight when this many are: a node's mempool holds at most 100
 * transactions of one sender (mempool.capacity_per_user), and one more batch must still fit.
 */
export const OPERATOR_IN_FLIGHT_MAX = 100 - OPERATOR_BATCH_MAX;

export interface OperatorBatchDeps {
  /** The operator account, able to sign a simulation (operator-account.ts simulatingSigner). */
  signer: LedgerSigner;
  transactions: TransactionClient;
  sequence: OperatorSequence;
  /** The commits of transactions the node accepted, awaited outside the line. */
  inFlight: Set<Promise<unknown>>;
  /** Back into the line, for a job sent on a sequence number another sender took. */
  requeue(job: OperatorJob): void;
}

/**
 * One turn of the operator account's line (docs/gateway.md, "Operator throughput"): the jobs that
 * waited are sent together, so a deployment's paid runs share the trips to the node instead of
 * queueing one commit each. Claims are simulated first, each alone on the committed state, and a
 * refused one is never sent (it would cost gas); then every job's transaction is signed on
 * consecutive sequence numbers and submitted in one batch. Resolves once the node took the batch;
 * each job is answered when its commit is seen (or it failed), outside the line.
 */
export async function sendOperatorBatch(args: {
  jobs: OperatorJob[];
  deps: OperatorBatchDeps;
}): Promise<void> {
  const { deps } = args;
  const { transactions, signer, sequence } = deps;
  const sender = signer.accountAddress.toStringLong();
  // A node simulates on committed state: the operator's earlier transactions must have landed,
  // or the simulation's sequence number would be "too new".
  const claims = args.jobs.some((job) => job.kind === "claim");
  if (claims || deps.inFlight.size > OPERATOR_IN_FLIGHT_MAX) {
    await Promise.allSettled([...deps.inFlight]);
  }
  let context: Awaited<ReturnType<TransactionClient["transactionContext"]>>;
  try {
    const next = await sequence.next(() => transactions.transactionContext(sender));
    context = await transactions.transactionContext(sender, next);
  } catch (error) {
    sequence.forget();
    for (const job of args.jobs) fail(job, error);
    return;
  }
  const submission = (job: OperatorJob) => transactions.entrySubmission({ signer, ...callOf(job) });
  const simulated = await Promise.allSettled(
    args.jobs.map(async (job) => {
      if (job.kind === "claim")
        await transactions.simulateRaw(signer, transactions.rawEntry(submission(job), context));
    }),
  );
  const passed: OperatorJob[] = [];
  let conflict: unknown = null;
  for (const [index, outcome] of simulated.entries()) {
    const job = args.jobs[index] as OperatorJob;
    if (outcome.status === "fulfilled") passed.push(job);
    else if (isSequenceConflict(outcome.reason)) {
      conflict = outcome.reason;
      passed.push(job);
    } else fail(job, outcome.reason);
  }
  if (conflict !== null) return sendAgain({ jobs: passed, deps, error: conflict });
  // Each job built and signed on its own: one that cannot be is that job's answer, not its
  // batch's; the numbers stay consecutive over the ones sent.
  const jobs: OperatorJob[] = [];
  const signed: Uint8Array[] = [];
  for (const job of passed) {
    try {
      const sequenceNumber = context.sequenceNumber + BigInt(jobs.length);
      const raw = transactions.rawEntry(submission(job), { ...context, sequenceNumber });
      signed.push(await transactions.signRaw(signer, raw));
      jobs.push(job);
    } catch (error) {
      fail(job, error);
    }
  }
  if (jobs.length === 0) return;
  let results: BatchEntryResult[];
  try {
    results = await transactions.submitBatch(signed);
  } catch (error) {
    // No answer: the node may have taken the batch or not. Claims stay unknown (their
    // reservations settle them), reports are retried; the sequence number is asked again.
    sequence.forget();
    for (const job of jobs) fail(job, error);
    return;
  }
  settleBatch({ jobs, results, context, deps });
}

/** Each job by its transaction's fate: accepted ones are awaited outside the line. */
function settleBatch(args: {
  jobs: OperatorJob[];
  results: BatchEntryResult[];
  context: { sequenceNumber: bigint };
  deps: OperatorBatchDeps;
}): void {
  const { jobs, results, deps } = args;
  // A node answers a batch it refused whole with one generic 400 (a batch of one goes alone and
  // gets its reason: transaction-submission.ts).
  const refusedAsOne = results.length > 1 && results.every((result) => !result.ok);
  const again: OperatorJob[] = [];
  let lastConflict: unknown = null;
  let inOrder = true;
  for (const [index, result] of results.entries()) {
    const job = jobs[index] as OperatorJob;
    if (result.ok) {
      // Only a run of accepted numbers from the first moves the kept sequence number on.
      if (inOrder) deps.sequence.submitted(args.context.sequenceNumber + BigInt(index));
      const commit = deps.transactions.waitForTransaction(result.hash).then(
        (receipt) => succeed(job, receipt),
        (error: unknown) => {
          // Not committed and not aborted (expired, dropped, unseen): its number may be unused.
          if (!(error instanceof LedgerError && error.kind === "abort")) deps.sequence.forget();
          fail(job, error);
        },
      );
      deps.inFlight.add(commit);
      void commit.finally(() => deps.inFlight.delete(commit));
      continue;
    }
    inOrder = false;
    deps.sequence.forget();
    // Nothing of a refused transaction ran. Refused for its sequence number (another sender of
    // the key took it, or an earlier one of the batch was refused), or the whole batch refused
    // as one: sent again on a fresh number. Refused for itself: that is its answer.
    if (refusedAsOne || isSequenceConflict(result.error)) {
      again.push(job);
      lastConflict = result.error;
    } else fail(job, result.error);
  }
  if (again.length > 0) sendAgain({ jobs: again, deps, error: lastConflict });
}

/** Back into the line after a short, growing pause that lets the other sender's transaction land. */
function sendAgain(args: { jobs: OperatorJob[]; deps: OperatorBatchDeps; error: unknown }): void {
  args.deps.sequence.forget();
  for (const job of args.jobs) {
    if (job.attempt >= SEQUENCE_ATTEMPTS) {
      // The node's last word, so the operator sees the real cause (no gas, a full mempool...).
      fail(job, args.error);
      continue;
    }
    const pause = 20 * job.attempt + Math.random() * 30;
    setTimeout(() => args.deps.requeue({ ...job, attempt: job.attempt + 1 }), pause);
  }
}
