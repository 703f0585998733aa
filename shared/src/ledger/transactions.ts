import type { EntryFunctionName, Param } from "../contract/functions.js";
import type { MoveArgument } from "./entry-bcs.js";
import {
  packageAddress,
  packageEntrySubmission,
  rawEntryTransaction,
  signedRawTransaction,
} from "./entry-transaction.js";
import type { NetworkConfig } from "./networks.js";
import { createAskNode } from "./node-ask.js";
import type { EntryFunctionRef } from "./raw-transaction-bcs.js";
import { transactionContextReader } from "./transaction-context.js";
import {
  simulateRaw,
  simulateSigned,
  submitEntryAndWait,
  submitSignedBatch,
} from "./transaction-submission.js";
import { waitForCommit } from "./transaction-wait.js";
import type { FetchLike } from "./transport.js";

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
}

/**
 * What signs a transaction: an SDK `Account` fits, and so does a lighter signer of the same
 * shape. `signWithAuthenticator` gets the signing message and returns the BCS
 * AccountAuthenticator (Ed25519, multi-Ed25519, single or multi key), or a promise of it: Web
 * Crypto signs asynchronously (the gateway's operator signer, docs/gateway.md, "Trust model").
 */
export interface LedgerSigner {
  readonly accountAddress: { toStringLong(): string };
  signWithAuthenticator(
    message: Uint8Array,
  ): { bcsToBytes(): Uint8Array } | Promise<{ bcsToBytes(): Uint8Array }>;
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
  const ask = createAskNode(args);
  const transactionContext = transactionContextReader({ ask, network });

  /** Builds, simulates when the client does, signs, submits and awaits (transaction-submission.ts). */
  function submitEntry(submission: EntrySubmission): Promise<TxReceipt> {
    const simulate = args.simulate === true;
    return submitEntryAndWait({ ask, moduleAddress, transactionContext, simulate, submission });
  }

  /** An entry function of our package as a submission, its parameter types from the shared table. */
  function entrySubmission(call: EntryCall): EntrySubmission {
    return packageEntrySubmission({ network, call });
  }

  return {
    /** The package address; invalid_input when the network has none configured. */
    moduleAddress: () => packageAddress(network),
    /** An entry function of our package, built, signed, submitted and awaited. */
    entry: async (call: EntryCall) => submitEntry(entrySubmission(call)),
    entrySubmission,
    submitEntry,
    /** The raw transaction of `submission` on `context` (sequence number, gas price, chain id). */
    rawEntry: (submission: EntrySubmission, context: TransactionContext) =>
      rawEntryTransaction({ submission, context }),
    /** The signed transaction's BCS, as the node is sent it. */
    signRaw: (signer: LedgerSigner, raw: Uint8Array) => signedRawTransaction({ signer, raw }),
    /** Simulates a raw transaction as its signer would send it; throws what it would fail with. */
    simulateRaw: (signer: LedgerSigner, raw: Uint8Array) =>
      simulateRaw({ ask, moduleAddress, signer, raw }),
    /** POST /v1/transactions/batch, each transaction's fate by index (transaction-submission.ts). */
    submitBatch: (signed: readonly Uint8Array[]) => submitSignedBatch({ connection: args, signed }),
    transactionContext,
    /** Simulates a SignedTransaction (BCS) whose signature is zeroed (transaction-submission.ts). */
    simulateSigned: (body: Uint8Array<ArrayBuffer>) => simulateSigned({ ask, moduleAddress, body }),
    /** Polls the node until the transaction commits (transaction-wait.ts). */
    waitForTransaction: (hash: string, options: WaitOptions = {}) =>
      waitForCommit({ ask, moduleAddress, hash, options }),
  };
}

export type TransactionClient = ReturnType<typeof createTransactionClient>;
