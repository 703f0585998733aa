/**
 * Reverse lookup over the ledger's numeric code tables (shared/src/contract/status.ts), so names
 * are never listed twice.
 */
export function nameOfCode<T extends Record<string, number>>(
  table: T,
  code: number,
): keyof T | undefined {
  return (Object.keys(table) as (keyof T)[]).find((name) => table[name] === code);
}
