import { z } from "zod";

const committedJson = z.object({
  success: z.literal(true),
  gas_used: z.string(),
  gas_unit_price: z.string(),
});

/** The octas a committed, successful transaction cost its sender in gas, from the node's REST API. */
export async function gasFee(ledgerUrl: string, hash: string): Promise<bigint> {
  const res = await fetch(`${ledgerUrl}/transactions/by_hash/${hash}`);
  if (!res.ok) throw new Error(`transaction ${hash}: ${res.status}`);
  const txn = committedJson.parse(await res.json());
  return BigInt(txn.gas_used) * BigInt(txn.gas_unit_price);
}
