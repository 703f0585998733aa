import { Aptos, AptosConfig, Network } from "@aptos-labs/ts-sdk";
import type { z } from "zod";
import type { ViewFunctionName } from "../contract/functions.js";
import type { EventName } from "../contract/structs.js";
import { functionId, viewFunctionAbi } from "./abi.js";
import type { MoveArgument } from "./entry-bcs.js";
import { DEFAULT_MAX_GAS_AMOUNT } from "./entry-transaction.js";
import { type ModuleEvent, readModuleEvents } from "./module-events.js";
import { readMoveJson } from "./move-json.js";
import type { NetworkConfig } from "./networks.js";
import { ledgerCall } from "./to-ledger-error.js";
import {
  createTransactionClient,
  type EntryCall,
  type EntrySubmission,
  type SubmitOptions,
  type TransactionClient,
  type TxReceipt,
  type WaitOptions,
} from "./transactions.js";
import { type FetchLike, fetchClient } from "./transport.js";

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
  /** Simulate every transaction before signing it (see createTransactionClient). */
  simulate?: boolean;
}

/** What the typed function groups share: the SDK instance, the network, and entry/view plumbing. */
export interface LedgerCore {
  readonly network: NetworkConfig;
  readonly aptos: Aptos;
  /** The package address; invalid_input when the network has none configured. */
  moduleAddress(): string;
  /** Builds (from the given parameter types: no ABI request), signs, submits and waits. */
  submit(call: EntrySubmission): Promise<TxReceipt>;
  entry(call: EntryCall): Promise<TxReceipt>;
  view<T extends z.ZodType>(call: ViewCall<T>): Promise<z.output<T>>;
  waitForTransaction(hash: string, options?: WaitOptions): Promise<TxReceipt>;
  /** Simulates a SignedTransaction (BCS) whose signature is zeroed; throws what it would fail with. */
  simulateSigned(body: Uint8Array<ArrayBuffer>): Promise<void>;
  transactionContext: TransactionClient["transactionContext"];
  /** The REST transaction client, for senders that build, batch and await their own. */
  readonly transactions: TransactionClient;
  /** One page of the package's events after a transaction version, from the indexer. */
  moduleEvents(query: {
    names: readonly EventName[];
    after: bigint;
    limit: number;
  }): Promise<ModuleEvent[]>;
}

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

/** The ts-sdk's network for ours: presets by name (LOCAL hard-codes chain id 4), else CUSTOM. */
const SDK_NETWORKS: Record<NetworkConfig["name"], Network> = {
  mainnet: Network.MAINNET,
  testnet: Network.TESTNET,
  devnet: Network.DEVNET,
  local: Network.LOCAL,
  custom: Network.CUSTOM,
};

export function createLedgerCore(args: CreateLedgerClientArgs): LedgerCore {
  const { network } = args;
  const doFetch: FetchLike = args.fetch ?? ((input, init) => fetch(input, init));
  const requestTimeoutMs = args.requestTimeoutMs ?? 30_000;
  const config = new AptosConfig({
    network: SDK_NETWORKS[network.name],
    fullnode: network.fullnode,
    ...(network.faucet === undefined ? {} : { faucet: network.faucet }),
    ...(network.indexer === undefined ? {} : { indexer: network.indexer }),
    client: fetchClient({ fetch: doFetch, timeoutMs: requestTimeoutMs }),
  });
  const aptos = new Aptos(config);
  const transactions = createTransactionClient({
    network,
    fetch: doFetch,
    requestTimeoutMs,
    simulate: args.simulate === true,
  });

  async function view<T extends z.ZodType>(call: ViewCall<T>): Promise<z.output<T>> {
    const address = transactions.moduleAddress();
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

  return {
    network,
    aptos,
    moduleAddress: transactions.moduleAddress,
    submit: transactions.submitEntry,
    entry: transactions.entry,
    view,
    waitForTransaction: transactions.waitForTransaction,
    simulateSigned: transactions.simulateSigned,
    transactionContext: transactions.transactionContext,
    transactions,
    moduleEvents: (query) =>
      readModuleEvents({
        network,
        fetch: doFetch,
        timeoutMs: requestTimeoutMs,
        moduleAddress: transactions.moduleAddress(),
        ...query,
      }),
  };
}
