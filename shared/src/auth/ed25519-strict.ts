/**
 * Strict Ed25519 verification, as Aptos verifies (aptos-crypto: the S-malleability check, then
 * ed25519-dalek's verify_strict): the signature's S must be canonical (S < L), the public key and
 * the signature's R must be canonical encodings of points that are not of small order, and then
 * the cofactorless equation must hold. Plain RFC 8032 verifiers (Web Crypto among them) accept a
 * small-order key: with A = identity, R = identity and S = 0 "verify" every message, so a key of
 * small order would let anyone sign for its account. Used by the devnode's transaction
 * authentication (workers/ledger/README.md) and the gateway's caller proof (docs/gateway.md).
 * Runs in Node and workerd; the equation itself is Web Crypto's native Ed25519.
 */
import { type Bytes, bytesToHex } from "./bytes.js";

/** The order of the base point: a canonical S is below it. */
export const ED25519_GROUP_ORDER = (1n << 252n) + 27742317777372353535851937790883648493n;

/** The field prime 2^255 - 19: a canonical encoding's y is below it. */
const FIELD_PRIME = (1n << 255n) - 19n;

/**
 * Every encoding with y < p of the eight points of order dividing 8: their canonical encodings
 * (the torsion subgroup) and, for the two with x = 0, the encoding with the sign bit set, which
 * lenient decoders accept too. Encodings with y >= p are refused before this list is consulted.
 */
const SMALL_ORDER_ENCODINGS = new Set([
  "0100000000000000000000000000000000000000000000000000000000000000", // identity
  "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // order 2
  "0000000000000000000000000000000000000000000000000000000000000000", // order 4
  "0000000000000000000000000000000000000000000000000000000000000080", // order 4
  "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05", // order 8
  "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85", // order 8
  "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a", // order 8
  "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa", // order 8
  "0100000000000000000000000000000000000000000000000000000000000080", // identity, x sign set
  "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", // order 2, x sign set
]);

function littleEndian(bytes: Uint8Array): bigint {
  let value = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[i] ?? 0);
  return value;
}

/** True when a 32-byte scalar, little-endian, is below the group order. */
export function isCanonicalScalar(scalar: Uint8Array): boolean {
  return scalar.length === 32 && littleEndian(scalar) < ED25519_GROUP_ORDER;
}

/**
 * True when 32 bytes are a point encoding a strict verifier may accept: y (the low 255 bits) is
 * below p, and the encoding is not one of a small-order point. Whether y lies on the curve at all
 * is left to the verifier, which refuses such keys and signatures.
 */
export function isStrictPointEncoding(point: Uint8Array): boolean {
  if (point.length !== 32) return false;
  const y = littleEndian(point) & ((1n << 255n) - 1n);
  return y < FIELD_PRIME && !SMALL_ORDER_ENCODINGS.has(bytesToHex(point));
}

/** Imported verification keys by public key: importing is the costly part of Web Crypto's verify. */
const cryptoKeys = new Map<string, CryptoKey>();

async function importKey(publicKey: Bytes): Promise<CryptoKey> {
  const id = bytesToHex(publicKey);
  let key = cryptoKeys.get(id);
  if (key === undefined) {
    if (cryptoKeys.size > 10_000) cryptoKeys.clear();
    key = await crypto.subtle.importKey("raw", publicKey, { name: "Ed25519" }, false, ["verify"]);
    cryptoKeys.set(id, key);
  }
  return key;
}

/**
 * True only when `signature` (R ‖ S, 64 bytes) is a strict Ed25519 signature of `message` by
 * `publicKey` (32 bytes). Fails closed: any malformed input, or a runtime without Ed25519 in
 * Web Crypto, answers false.
 */
export async function verifyEd25519Strict(args: {
  publicKey: Uint8Array;
  signature: Uint8Array;
  message: Uint8Array;
}): Promise<boolean> {
  const { publicKey, signature } = args;
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  if (!isCanonicalScalar(signature.subarray(32))) return false;
  if (!isStrictPointEncoding(publicKey) || !isStrictPointEncoding(signature.subarray(0, 32))) {
    return false;
  }
  try {
    const key = await importKey(new Uint8Array(publicKey));
    return await crypto.subtle.verify(
      { name: "Ed25519" },
      key,
      new Uint8Array(signature),
      new Uint8Array(args.message),
    );
  } catch {
    // A byte string that is not a point on the curve is not a key anyone controls.
    return false;
  }
}
