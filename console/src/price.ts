import { formatApt } from "#shared/schemas/apt-format";
import type { Process } from "#shared/schemas/process";

/** A run's price in octas, as execute reads it (no pricing: free). */
export function priceOf(process: Process): bigint {
  return BigInt(process.pricing?.taskPrice ?? "0");
}

export function priceText(process: Process): string {
  const price = priceOf(process);
  return price === 0n ? "Free" : formatApt(price);
}
