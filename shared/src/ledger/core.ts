import {
  type Account,
  Aptos,
  AptosConfig,
  type CommittedTransactionResponse,
  type EntryFunctionABI,
  type MoveFunctionId,
  type SimpleEntryFunctionArgumentTypes,
  TransactionResponseType,
  type UserTransactionResponse,
} from "@aptos-labs/ts-sdk";
import type { z } from "zod";
import type { EntryFunctionName, ViewFunctionName } from "../contract/functions.js";
import { entryFunctionAbi, functionId, viewFunctionAbi } from "./abi.js";
import { abortMessage, parseMoveAbort } from "./abort-parse.js";
import { LedgerError } from "./errors.js";
import { readMoveJson } from "./move-json.js";
import type { NetworkConfig } from "./networks.js";
import { ledgerCall } from "./to-ledger-error.js";
import { type FetchLike, fetchClient } from "./transport.js";

export type MoveArgument = SimpleEntryFunctionArgumentTypes;

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

/** Any entry function, ours or the framework's, with its ABI. */
export interface SubmitCall {
  signer: Account;
  function: MoveFunctionId;
  args: MoveArgument[];
  abi: EntryFunctionABI;
  options?: SubmitOptions;
}

/** An entry function of our package, by its name in the shared table. */
export interface EntryCall {
  signer: Account;
  fn: EntryFunctionName;
  args: MoveArgument[];
  options?: SubmitOptions;
}

/** A view function of our package; `result` validates what the node returns. */
export interface ViewCall<T extends z.ZodType> {
  fn: ViewFunctionName;
  args: MoveArgument[];
  result: T;
}

export interface CreateLedgerClientArgs {
  network: NetworkConfig;
  /** Defaults to the global fetch (bound, since workerd rejects an unbound one). */
  fetch?: FetchLike;
  /** Per-request timeout; default 30,000 ms. */
  requestTimeoutMs?: number;
}

/** What the typed function groups share: the SDK instance, the network, and entry/view plumbing. */
export interface LedgerCore {
  readonly network: NetworkConfig;
  readonly aptos: Aptos;
  /** The package address; invalid_input when the network has none configured. */
  moduleAddress(): string;
  /** Builds (with the given ABI: no ABI request), signs, submits and waits. */
  submit(call: SubmitCall): Promise<TxReceipt>;
  entry(call: EntryCall): Promise<TxReceipt>;
  view<T extends z.ZodType>(call: ViewCall<T>): Promise<z.output<T>>;
  waitForTransaction(hash: string, options?: WaitOptions): Promise<TxReceipt>;
}

export const DEFAULT_MAX_GAS_AMOUNT = 200_000n;

/** The ts-sdk's build options for our submit options: our gas default, the rest only when given. */
export function buildOptions(
  options: Pick<SubmitOptions, "sequenceNumber" | "maxGasAmount" | "gasUnitPrice">,
) {
  return {
    maxGasAmount: Number(options.maxGasAmount ?? DEFAULT_MAX_GAS_AMOUNT),
    ...(options.gasUnitPrice === undefined ? {} : { gasUnitPrice: Number(options.gasUnitPrice) }),
    ...(options.sequenceNumber === undefined
      ? {}
      : { accountSequenceNumber: options.sequenceNumber }),
  };
}
const DEFAULT_WAIT_SECS = 30;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function receiptOf(txn: UserTransactionResponse): TxReceipt {
  return {
    hash: txn.hash,
    version: BigInt(txn.version),
    gasUsed: BigInt(txn.gas_used),
    events: txn.events.map((event) => ({ type: event.type, data: event.data })),
  };
}

/** A failed committed transaction becomes an abort (or, for VM errors like out of gas, rejected). */
function failureOf(
  txn: CommittedTransactionResponse,
  moduleAddress: string | undefined,
): LedgerError {
  const vmStatus = "vm_status" in txn ? txn.vm_status : "unknown status";
  const abort = parseMoveAbort(vmStatus, moduleAddress);
  if (abort) {
    return new LedgerError({
      kind: "abort",
      message: abortMessage(abort),
      abort,
      vmStatus,
      hash: txn.hash,
    });
  }
  return new LedgerError({
    kind: "rejected",
    message: `Transaction failed: ${vmStatus}`,
    vmStatus,
    hash: txn.hash,
  });
}

export function createLedgerCore(args: CreateLedgerClientArgs): LedgerCore {
  const { network } = args;
  const doFetch: FetchLike = args.fetch ?? ((input, init) => fetch(input, init));
  const config = new AptosConfig({
    network: network.sdkNetwork,
    fullnode: network.fullnode,
    ...(network.faucet === undefined ? {} : { faucet: network.faucet }),
    ...(network.indexer === undefined ? {} : { indexer: network.indexer }),
    client: fetchClient({ fetch: doFetch, timeoutMs: args.requestTimeoutMs ?? 30_000 }),
  });
  const aptos = new Aptos(config);
  const known = network.moduleAddress;

  function moduleAddress(): string {
    if (known === undefined) {
      throw new LedgerError({
        kind: "invalid_input",
        message: `moduleAddress: the agent_platform package address is not configured for network "${network.name}"`,
      });
    }
    return known;
  }

  async function waitForTransaction(hash: string, options: WaitOptions = {}): Promise<TxReceipt> {
    const timeoutMs = (options.timeoutSecs ?? DEFAULT_WAIT_SECS) * 1000;
    const started = Date.now();
    let delayMs = 100;
    let state: TxProgress["state"] = "unknown";
    let lastError: LedgerError | undefined;
    for (let attempt = 1; ; attempt++) {
      if (attempt > 1) {
        const elapsedMs = Date.now() - started;
        if (elapsedMs >= timeoutMs) break;
        options.onProgress?.({ hash, state, elapsedMs, attempt });
        await sleep(delayMs);
        delayMs = Math.min(delayMs * 1.5, 2000);
      }
      try {
        const txn = await ledgerCall(known, () =>
          aptos.getTransactionByHash({ transactionHash: hash }),
        );
        if (txn.type === TransactionResponseType.Pending) {
          state = "pending";
          continue;
        }
        if (txn.type !== TransactionResponseType.User) {
          throw new LedgerError({
            kind: "rejected",
            message: `${hash} is a ${txn.type}, not a user transaction`,
            hash,
          });
        }
        if (!txn.success) throw failureOf(txn, known);
        return receiptOf(txn);
      } catch (error) {
        if (!(error instanceof LedgerError)) throw error;
        if (error.kind === "not_found") state = "unknown";
        else if (error.kind === "network") state = "retrying";
        else throw error;
        lastError = error;
      }
    }
    throw new LedgerError({
      kind: "network",
      message: `Transaction ${hash} not committed after ${timeoutMs / 1000} s (${state}${lastError ? `: ${lastError.message}` : ""})`,
      hash,
    });
  }

  async function submit(call: SubmitCall): Promise<TxReceipt> {
    const { options = {} } = call;
    const pending = await ledgerCall(known, async () => {
      const transaction = await aptos.transaction.build.simple({
        sender: call.signer.accountAddress,
        data: { function: call.function, functionArguments: call.args, abi: call.abi },
        options: buildOptions(options),
      });
      return aptos.signAndSubmitTransaction({ signer: call.signer, transaction });
    });
    return waitForTransaction(pending.hash, options);
  }

  async function entry(call: EntryCall): Promise<TxReceipt> {
    const address = moduleAddress();
    return submit({
      signer: call.signer,
      function: functionId(address, call.fn),
      args: call.args,
      abi: entryFunctionAbi(address, call.fn),
      ...(call.options === undefined ? {} : { options: call.options }),
    });
  }

  async function view<T extends z.ZodType>(call: ViewCall<T>): Promise<z.output<T>> {
    const address = moduleAddress();
    const values = await ledgerCall(address, () =>
      aptos.view({
        payload: {
          function: functionId(address, call.fn),
          functionArguments: call.args,
          abi: viewFunctionAbi(address, call.fn),
        },
      }),
    );
    return readMoveJson(call.result, values, call.fn);
  }

  return { network, aptos, moduleAddress, submit, entry, view, waitForTransaction };
}
