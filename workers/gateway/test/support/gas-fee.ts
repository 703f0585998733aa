import { devnode } from "./ledger-fixtures.js";

/**
 * The octas a committed transaction burned for gas (gas_used x gas_unit_price, as the node's
 * REST API reports it), aborted or not; 0 for a transaction the node never committed.
 */
export async function gasFee(hash: string): Promise<bigint> {
  const res = await devnode().fetch(`http://devnode/v1/transactions/by_hash/${hash}`);
  if (res.status === 404) return 0n;
  if (!res.ok) throw new Error(`transaction ${hash}: ${res.status} ${await res.text()}`);
  const txn = await res.json<{ gas_used: string; gas_unit_price: string }>();
  return BigInt(txn.gas_used) * BigInt(txn.gas_unit_price);
}
