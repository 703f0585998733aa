/**
 * Ed25519 signing on Web Crypto's native Ed25519, for a key held as its 32-byte seed (the
 * gateway's operator key: docs/gateway.md, "Trust model"). The SDK's Account signs in pure JS
 * (@noble/curves), several times slower than the runtime's own Ed25519, and the gateway signs on
 * every run. Ed25519 is deterministic (RFC 8032), so these signatures are the SDK's, byte for byte.
 * Runs in Node and workerd.
 */
import { type Bytes, bodyBytes, bytesToHex, concatBytes } from "./bytes.js";

/** The DER header of a PKCS#8 Ed25519 private key (RFC 8410); the 32-byte seed follows it. */
const PKCS8_ED25519_PREFIX = Uint8Array.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]);

/** The PKCS#8 DER encoding of an Ed25519 private key from its 32-byte seed. */
export function ed25519Pkcs8(seed: Uint8Array): Bytes {
  return concatBytes(PKCS8_ED25519_PREFIX, seed);
}

/**
 * Imported signing keys by seed: importing is a costly step, done once per key and isolate. A
 * gateway holds one key; the bound only keeps a caller with many keys from growing the map.
 */
const signingKeys = new Map<string, Promise<CryptoKey>>();
const MAX_SIGNING_KEYS = 16;

/** The imported key of `seed`, whose hex is `id`. */
function signingKey(id: string, seed: Uint8Array): Promise<CryptoKey> {
  let key = signingKeys.get(id);
  if (key === undefined) {
    if (signingKeys.size >= MAX_SIGNING_KEYS) signingKeys.clear();
    // Not extractable: the imported key can sign and nothing else.
    key = crypto.subtle.importKey("pkcs8", ed25519Pkcs8(seed), { name: "Ed25519" }, false, [
      "sign",
    ]);
    signingKeys.set(id, key);
  }
  return key;
}

/**
 * Signs with the key of `seed`: each call answers the 64-byte Ed25519 signature (R ‖ S) of its
 * message. It keeps a copy of the seed (an SDK key hands out its own buffer, which its clear()
 * would zero under this signer), and a call rejects, signing nothing, when the seed is not 32
 * bytes or the runtime has no Ed25519 in Web Crypto.
 */
export function ed25519SeedSigner(seed: Uint8Array): (message: Uint8Array) => Promise<Bytes> {
  const own = seed.slice();
  const id = bytesToHex(own);
  return async (message) => {
    if (own.length !== 32) throw new Error(`Ed25519 seed: expected 32 bytes, got ${own.length}`);
    const key = await signingKey(id, own);
    return new Uint8Array(await crypto.subtle.sign({ name: "Ed25519" }, key, bodyBytes(message)));
  };
}
