import { LedgerError } from "./errors.js";
import { type AskNode, transactionAnswer } from "./node-ask.js";
import { failureOf } from "./transaction-failure.js";
import type { TxProgress, TxReceipt, WaitOptions } from "./transactions.js";

const DEFAULT_WAIT_SECS = 30;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Polls the node until the transaction commits. Each poll is a wait_by_hash, which the node
 * holds while the transaction is pending (or briefly, when it does not know it yet), so a
 * commit is seen when it happens rather than at the next tick of a timer; the pause between
 * polls is only what of the backoff delay the held poll did not already spend.
 */
export async function waitForCommit(args: {
  ask: AskNode;
  moduleAddress: string | undefined;
  hash: string;
  options: WaitOptions;
}): Promise<TxReceipt> {
  const { ask, moduleAddress, hash, options } = args;
  const timeoutMs = (options.timeoutSecs ?? DEFAULT_WAIT_SECS) * 1000;
  const started = Date.now();
  let delayMs = 100;
  let state: TxProgress["state"] = "unknown";
  let lastError: LedgerError | undefined;
  let lastPollMs = 0;
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1) {
      const elapsedMs = Date.now() - started;
      if (elapsedMs >= timeoutMs) break;
      options.onProgress?.({ hash, state, elapsedMs, attempt });
      const pause = delayMs - lastPollMs;
      if (pause > 0) await sleep(pause);
      delayMs = Math.min(delayMs * 1.5, 2000);
    }
    const pollStarted = Date.now();
    try {
      const txn = await ask(
        "transaction",
        { method: "GET", path: `transactions/wait_by_hash/${hash}` },
        transactionAnswer,
      );
      if (txn.type === "pending_transaction") {
        state = "pending";
        continue;
      }
      if (!("success" in txn)) {
        throw new LedgerError({
          kind: "rejected",
          message: `${hash} is a ${txn.type}, not a user transaction`,
          hash,
        });
      }
      if (!txn.success) throw failureOf({ vmStatus: txn.vm_status, hash: txn.hash, moduleAddress });
      return {
        hash: txn.hash,
        version: txn.version,
        gasUsed: txn.gas_used,
        events: txn.events.map((event) => ({ type: event.type, data: event.data })),
      };
    } catch (error) {
      if (!(error instanceof LedgerError)) throw error;
      if (error.kind === "not_found") state = "unknown";
      else if (error.kind === "network") state = "retrying";
      else throw error;
      lastError = error;
    } finally {
      lastPollMs = Date.now() - pollStarted;
    }
  }
  throw new LedgerError({
    kind: "network",
    message: `Transaction ${hash} not committed after ${timeoutMs / 1000} s (${state}${lastError ? `: ${lastError.message}` : ""})`,
    hash,
  });
}
