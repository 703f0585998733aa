import type { NetworkConfig } from "./networks.js";
import { type AskNode, accountAnswer, gasAnswer, ledgerInfoAnswer } from "./node-ask.js";
import type { SubmitOptions, TransactionContext } from "./transactions.js";

/**
 * What a transaction needs from the node besides its payload: the sender's sequence number, the
 * gas price and the chain id, the last asked once per reader (again after a failed ask).
 */
export function transactionContextReader(args: { ask: AskNode; network: NetworkConfig }) {
  const { ask, network } = args;

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

  // A node's chain id never changes.
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
   * The sequence number, gas price and chain id a transaction of `sender` needs, asked for at
   * once; also for callers that sign a transaction someone else submits (docs/x402.md).
   */
  return async function transactionContext(
    sender: string,
    options: Pick<SubmitOptions, "sequenceNumber" | "gasUnitPrice"> = {},
  ): Promise<TransactionContext> {
    const [sequenceNumber, price, chain] = await Promise.all([
      options.sequenceNumber ?? sequenceNumberOf(sender),
      options.gasUnitPrice ?? gasUnitPrice(),
      chainId(),
    ]);
    return { sequenceNumber, gasUnitPrice: price, chainId: chain };
  };
}

export type TransactionContextReader = ReturnType<typeof transactionContextReader>;
