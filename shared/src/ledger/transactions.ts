import { z } from "zod";
import { type EntryFunctionName, FUNCTIONS, type Param } from "../contract/functions.js";
import { abortMessage, parseMoveAbort } from "./abort-parse.js";
import {
  type EntryFunctionRef,
  type MoveArgument,
  rawEntryTransactionBytes,
  signedTransactionBatchBytes,
  signedTransactionBytes,
  signingMessage,
} from "./entry-bcs.js";
import { LedgerError } from "./errors.js";
import type { NetworkConfig } from "./networks.js";
import { missingPackageError, nodeAnswerError } from "./node-error.js";
import { type BatchEntryResult, batchResults } from "./transaction-batch.js";
import { type FetchLike, type NodeAnswer, sendNodeRequest } from "./transport.js";

/**
 * Building, signing, submitting and waiting for entry-function transactions over plain REST
 * calls, without the ts-sdk: the one path every transaction of the client takes. The SDK serves
 * everything else (views, faucet, client-signed transactions).
 */

/** An event of a committed transaction, as the node returned it. */
export interface LedgerEvent {
  type: string;
  data: unknown;
}

/** A committed, successful transaction. */
export interface TxReceipt {
  hash: string;
  version: bigint;
  gasUsed: bigint;
  events: LedgerEvent[];
}

/** Progress of a wait, for spinners: reported before every poll after the first. */
export interface TxProgress {
  hash: string;
  /** "pending": the node knows it; "unknown": not seen yet; "retrying": the node was unreachable. */
  state: "pending" | "unknown" | "retrying";
  elapsedMs: number;
  attempt: number;
}

export interface WaitOptions {
  /** Default 30 s. */
  timeoutSecs?: number;
  onProgress?: (progress: TxProgress) => void;
}

export interface SubmitOptions extends WaitOptions {
  /** Use this sequence number instead of asking the node (callers that own an account's sequence). */
  sequenceNumber?: bigint;
  /** Default 200,000 gas units: the package's functions use a few thousand. */
  maxGasAmount?: bigint;
  gasUnitPrice?: bigint;
  /**
   * Called once the node accepted the transaction, before its commit is awaited: a sender that
   * owns its sequence numbers may build the next one then.
   */
  onSubmitted?: (hash: string) => void;
}

/**
 * What signs a transaction: an SDK `Account` fits, and so does a lighter signer of the same
 * shape. `signWithAuthenticator` gets the signing message and returns the BCS
 * AccountAuthenticator (Ed25519, multi-Ed25519, single or multi key).
 */
export interface LedgerSigner {
  readonly accountAddress: { toStringLong(): string };
  signWithAuthenticator(message: Uint8Array): { bcsToBytes(): Uint8Array };
  /**
   * The AccountAuthenticator of a simulation: this signer's public key with an invalid, all-zero
   * signature, as wallets and the SDK send it (a node refuses to simulate a validly signed
   * transaction). Only clients made with `simulate` ask for it.
   */
  simulationAuthenticator?(): { bcsToBytes(): Uint8Array };
}

/** What building a transaction needs from the node besides its payload. */
export interface TransactionContext {
  sequenceNumber: bigint;
  gasUnitPrice: bigint;
  chainId: number;
}

/** One entry function call: the function, its parameter types, and the arguments. */
export interface EntrySubmission {
  signer: LedgerSigner;
  function: EntryFunctionRef;
  params: readonly Param[];
  args: readonly MoveArgument[];
  options?: SubmitOptions;
}

/** An entry function of our package, by its name in the shared table. */
export interface EntryCall {
  signer: LedgerSigner;
  fn: EntryFunctionName;
  args: MoveArgument[];
  options?: SubmitOptions;
}

export const DEFAULT_MAX_GAS_AMOUNT = 200_000n;
/** How long a transaction stays valid, as the SDK's default. */
const EXPIRATION_SECS = 20n;
const DEFAULT_WAIT_SECS = 30;
const BCS_SIGNED_TRANSACTION = "application/x.aptos.signed_transaction+bcs";

const u64String = z
  .string()
  .regex(/^\d+$/)
  .transform((value) => BigInt(value));
const accountAnswer = z.object({ sequence_number: u64String });
const gasAnswer = z.object({ gas_estimate: z.number().int().nonnegative() });
const ledgerInfoAnswer = z.object({ chain_id: z.number().int().min(0).max(255) });
const pendingAnswer = z.object({ hash: z.string() });
// One simulated transaction, one outcome (the node answers an array).
const simulationAnswer = z.tuple([z.object({ success: z.boolean(), vm_status: z.string() })]);
const transactionAnswer = z.union([
  z.object({
    type: z.literal("user_transaction"),
    hash: z.string(),
    version: u64String,
    gas_used: u64String,
    success: z.boolean(),
    vm_status: z.string(),
    events: z.array(z.object({ type: z.string(), data: z.unknown() })),
  }),
  z.object({ type: z.literal("pending_transaction") }),
  // Genesis, block metadata and the like: known, but not something a client waits for.
  z.object({
    type: z.string().refine((t) => t !== "user_transaction" && t !== "pending_transaction"),
  }),
]);

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function createTransactionClient(args: {
  network: NetworkConfig;
  fetch: FetchLike;
  requestTimeoutMs: number;
  /**
   * Simulate every transaction before signing it and stop on a predicted failure (a Move abort,
   * a missing package, too little gas), so nothing is submitted and no gas is spent: one more
   * request per transaction. The CLI does (README.md, "CLI reference").
   */
  simulate?: boolean;
}) {
  const { network } = args;
  const moduleAddress = network.moduleAddress;

  /** The parsed body of a 2xx answer; any other answer becomes the matching LedgerError. */
  async function ask<T extends z.ZodType>(
    what: string,
    request: {
      method: "GET" | "POST";
      path: string;
      body?: Uint8Array<ArrayBuffer>;
      contentType?: string;
    },
    schema: T,
  ): Promise<z.output<T>> {
    const answer: NodeAnswer = await sendNodeRequest({
      fetch: args.fetch,
      timeoutMs: args.requestTimeoutMs,
      method: request.method,
      url: `${network.fullnode}/${request.path}`,
      ...(request.contentType === undefined
        ? {}
        : { headers: { "content-type": request.contentType } }),
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    if (answer.status < 200 || answer.status >= 300) throw nodeAnswerError(answer, moduleAddress);
    const parsed = schema.safeParse(answer.data);
    if (!parsed.success) {
      throw new LedgerError({
        kind: "rejected",
        message: `${what}: unexpected answer from the ledger node`,
      });
    }
    return parsed.data;
  }

  async function sequenceNumberOf(address: string): Promise<bigint> {
    const info = await ask(
      "account",
      { method: "GET", path: `accounts/${address}` },
      accountAnswer,
    );
    return info.sequence_number;
  }

  async function gasUnitPrice(): Promise<bigint> {
    const gas = await ask(
      "estimate_gas_price",
      { method: "GET", path: "estimate_gas_price" },
      gasAnswer,
    );
    return BigInt(gas.gas_estimate);
  }

  // A node's chain id never changes: asked once per client (again after a failed ask).
  let askedChainId: Promise<number> | null = null;
  async function chainId(): Promise<number> {
    if (network.chainId !== undefined) return network.chainId;
    askedChainId ??= ask("ledger info", { method: "GET", path: "" }, ledgerInfoAnswer).then(
      (info) => info.chain_id,
    );
    try {
      return await askedChainId;
    } catch (error) {
      askedChainId = null;
      throw error;
    }
  }

  /**
   * A failed transaction becomes an abort (or, for VM errors like out of gas, rejected); `hash`
   * is the submitted transaction's, absent for a simulation, which submitted nothing.
   */
  function failureOf(vmStatus: string, hash?: string): LedgerError {
    const submitted = hash === undefined ? {} : { hash };
    const abort = parseMoveAbort(vmStatus, moduleAddress);
    if (abort) {
      return new LedgerError({
        kind: "abort",
        message: abortMessage(abort),
        abort,
        vmStatus,
        ...submitted,
      });
    }
    const missing = missingPackageError(vmStatus, moduleAddress, { vmStatus, ...submitted });
    if (missing) return missing;
    return new LedgerError({
      kind: "rejected",
      message: `Transaction ${hash === undefined ? "would fail" : "failed"}: ${vmStatus}`,
      vmStatus,
      ...submitted,
    });
  }

  /**
   * Runs a signed transaction (its signature zeroed: a node refuses to simulate a validly signed
   * one) on the node without committing it; throws what it would fail with.
   */
  async function simulateSigned(body: Uint8Array<ArrayBuffer>): Promise<void> {
    const [outcome] = await ask(
      "simulate",
      {
        method: "POST",
        path: "transactions/simulate",
        body,
        contentType: BCS_SIGNED_TRANSACTION,
      },
      simulationAnswer,
    );
    if (!outcome.success) throw failureOf(outcome.vm_status);
  }

  /** Simulates the raw transaction as `signer` would send it. */
  async function simulate(signer: LedgerSigner, raw: Uint8Array): Promise<void> {
    if (signer.simulationAuthenticator === undefined) {
      throw new LedgerError({
        kind: "invalid_input",
        message: "signer: this client simulates first, and the signer cannot sign a simulation",
      });
    }
    await simulateSigned(
      signedTransactionBytes(raw, signer.simulationAuthenticator().bcsToBytes()),
    );
  }

  /**
   * Polls the node until the transaction commits. Each poll is a wait_by_hash, which the node
   * holds while the transaction is pending (or briefly, when it does not know it yet), so a
   * commit is seen when it happens rather than at the next tick of a timer; the pause between
   * polls is only what of the backoff delay the held poll did not already spend.
   */
  async function waitForTransaction(hash: string, options: WaitOptions = {}): Promise<TxReceipt> {
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
        if (!txn.success) throw failureOf(txn.vm_status, txn.hash);
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

  /**
   * The sequence number, gas price and chain id a transaction of `sender` needs, asked for at
   * once; also for callers that sign a transaction someone else submits (docs/x402.md).
   */
  async function transactionContext(
    sender: string,
    options: Pick<SubmitOptions, "sequenceNumber" | "gasUnitPrice"> = {},
  ): Promise<TransactionContext> {
    const [sequenceNumber, price, chain] = await Promise.all([
      options.sequenceNumber ?? sequenceNumberOf(sender),
      options.gasUnitPrice ?? gasUnitPrice(),
      chainId(),
    ]);
    return { sequenceNumber, gasUnitPrice: price, chainId: chain };
  }

  /** The raw transaction of `submission` on `context` (sequence number, gas price, chain id). */
  function rawEntry(submission: EntrySubmission, context: TransactionContext): Uint8Array {
    return rawEntryTransactionBytes({
      sender: submission.signer.accountAddress.toStringLong(),
      sequenceNumber: context.sequenceNumber,
      function: submission.function,
      params: submission.params,
      args: submission.args,
      maxGasAmount: submission.options?.maxGasAmount ?? DEFAULT_MAX_GAS_AMOUNT,
      gasUnitPrice: context.gasUnitPrice,
      expirationTimestampSecs: BigInt(Math.floor(Date.now() / 1000)) + EXPIRATION_SECS,
      chainId: context.chainId,
    });
  }

  /** The signed transaction's BCS, as the node is sent it. */
  function signRaw(signer: LedgerSigner, raw: Uint8Array): Uint8Array<ArrayBuffer> {
    return signedTransactionBytes(
      raw,
      signer.signWithAuthenticator(signingMessage(raw)).bcsToBytes(),
    );
  }

  /**
   * Builds the transaction (sequence number, gas price and chain id asked for at once),
   * simulates it when the client does, signs it, submits its BCS and waits for the commit.
   */
  async function submitEntry(submission: EntrySubmission): Promise<TxReceipt> {
    const options = submission.options ?? {};
    const sender = submission.signer.accountAddress.toStringLong();
    const context = await transactionContext(sender, options);
    const raw = rawEntry(submission, context);
    if (args.simulate) await simulate(submission.signer, raw);
    const pending = await ask(
      "submit",
      {
        method: "POST",
        path: "transactions",
        body: signRaw(submission.signer, raw),
        contentType: BCS_SIGNED_TRANSACTION,
      },
      pendingAnswer,
    );
    options.onSubmitted?.(pending.hash);
    return waitForTransaction(pending.hash, options);
  }

  /**
   * POST /v1/transactions/batch: signed transactions in one request, taken in order (one sender's
   * consecutive sequence numbers share one trip to the node); each one's fate by index
   * (transaction-batch.ts). Their commits are awaited one by one with waitForTransaction.
   */
  async function submitBatch(signed: readonly Uint8Array[]): Promise<BatchEntryResult[]> {
    const answer = await sendNodeRequest({
      fetch: args.fetch,
      timeoutMs: args.requestTimeoutMs,
      method: "POST",
      url: `${network.fullnode}/transactions/batch`,
      headers: { "content-type": BCS_SIGNED_TRANSACTION },
      body: signedTransactionBatchBytes(signed),
    });
    return batchResults({ answer, signed, moduleAddress });
  }

  /** The package address; invalid_input when the network has none configured. */
  function packageAddress(): string {
    if (moduleAddress === undefined) {
      throw new LedgerError({
        kind: "invalid_input",
        message: `moduleAddress: the agent_platform package address is not configured for network "${network.name}"`,
      });
    }
    return moduleAddress;
  }

  /** An entry function of our package as a submission, its parameter types from the shared table. */
  function entrySubmission(call: EntryCall): EntrySubmission {
    const address = packageAddress();
    const spec = FUNCTIONS[call.fn];
    return {
      signer: call.signer,
      function: { address, module: spec.module, name: spec.name },
      params: spec.params,
      args: call.args,
      ...(call.options === undefined ? {} : { options: call.options }),
    };
  }

  /** An entry function of our package, built, signed, submitted and awaited. */
  async function entry(call: EntryCall): Promise<TxReceipt> {
    return submitEntry(entrySubmission(call));
  }

  return {
    moduleAddress: packageAddress,
    entry,
    entrySubmission,
    submitEntry,
    rawEntry,
    signRaw,
    /** Simulates a raw transaction as its signer would send it; throws what it would fail with. */
    simulateRaw: simulate,
    submitBatch,
    transactionContext,
    simulateSigned,
    waitForTransaction,
  };
}

export type TransactionClient = ReturnType<typeof createTransactionClient>;
