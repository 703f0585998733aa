import type { LedgerClient } from "#shared/ledger/client";

let knownChainId: number | null = null;

/** This ledger's chain id: the network preset's, else asked once per isolate. */
export async function ledgerChainId(ledger: LedgerClient): Promise<number> {
  knownChainId ??= ledger.network.chainId ?? (await ledger.chainId());
  return knownChainId;
}
