/** Ed25519 inputs a strict verifier must refuse, shared by the caller-proof and devnode tests. */

/** The identity point's encoding (y = 1, x = 0): a public key of order 1 that nobody holds. */
export const IDENTITY_KEY = Uint8Array.from({ length: 32 }, (_, i) => (i === 0 ? 1 : 0));

/** R = identity, S = 0: satisfies [S]B = R + [k]A for A = identity, whatever the message. */
export const NOBODYS_SIGNATURE = Uint8Array.from({ length: 64 }, (_, i) => (i === 0 ? 1 : 0));

/** The order of the Ed25519 base point. */
export const L = (1n << 252n) + 27742317777372353535851937790883648493n;

/** The signature with L added to its S (little-endian, bytes 32..63): same point, S >= L. */
export function withLAddedToS(signature: Uint8Array): Uint8Array {
  const out = signature.slice();
  let s = 0n;
  for (let i = 63; i >= 32; i--) s = (s << 8n) | BigInt(out[i] ?? 0);
  s += L;
  for (let i = 32; i < 64; i++) {
    out[i] = Number(s & 0xffn);
    s >>= 8n;
  }
  return out;
}
