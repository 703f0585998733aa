import { normalizeAddress } from "#shared/schemas/address-format";

/**
 * Whether two addresses name one account however each is written (nodes print them without
 * their leading zeros). False when either is not an address: the console compares what the
 * ledger, a wallet and the gateway answer, and one it cannot read matches nothing.
 */
export function sameAddress(a: string, b: string): boolean {
  try {
    return normalizeAddress(a) === normalizeAddress(b);
  } catch {
    return false;
  }
}
