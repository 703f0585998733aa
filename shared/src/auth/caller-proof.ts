/**
 * The caller's proof to the gateway that it controls `userAddress`: an Ed25519 signature over
 *
 *   "AGENTGATE-CALLER-PROOF-V2\n" + origin + "\n" + METHOD + "\n" + path + "\n" + timestamp + "\n"
 *     + sha256hex(body)
 *
 * (UTF-8 bytes), sent with the origin, the public key and the timestamp in four headers. `origin`
 * is the gateway's configured public origin (PUBLIC_ORIGIN), never a Host header the client
 * chose, so a proof made for one deployment cannot be spent at another (docs/gateway.md, "Caller
 * proof"); a proof naming another origin is refused before its signature is checked. The gateway checks
 * the public key against the account's authentication key (single-key Ed25519 accounts:
 * sha3_256(public key ‖ 0x00)), the timestamp against its clock, and refuses a signature it has
 * seen before. signCallerProof signs with the ts-sdk's Ed25519; callerProofHeaders
 * (caller-proof-message.ts, SDK-free) takes any Ed25519 signer; verifying uses Web Crypto. Runs
 * in Node and workerd.
 */
import { Ed25519PrivateKey, PrivateKey, PrivateKeyVariants } from "@aptos-labs/ts-sdk";
import { type Bytes, bytesToHex, hexToBytes, utf8Bytes } from "./bytes.js";
import { ed25519AuthenticationKey, PUBLIC_KEY_HEX } from "./caller-proof-address.js";
import {
  CALLER_ORIGIN_HEADER,
  CALLER_PROOF_MAX_SKEW_SECONDS,
  CALLER_PUBLIC_KEY_HEADER,
  CALLER_SIGNATURE_HEADER,
  CALLER_TIMESTAMP_HEADER,
  type CallerProofHeaders,
  callerProofHeaders,
  callerProofMessage,
  canonicalOrigin,
} from "./caller-proof-message.js";
import { verifyEd25519Strict } from "./ed25519-strict.js";

export {
  CALLER_ORIGIN_HEADER,
  CALLER_PROOF_DOMAIN,
  CALLER_PROOF_MAX_SKEW_SECONDS,
  CALLER_PUBLIC_KEY_HEADER,
  CALLER_SIGNATURE_HEADER,
  CALLER_TIMESTAMP_HEADER,
  type CallerProofHeaders,
  type CallerProofSigner,
  callerProofHeaders,
  callerProofMessage,
  canonicalOrigin,
} from "./caller-proof-message.js";

export type CallerProofFailure =
  | "missing_proof"
  | "malformed_proof"
  | "wrong_origin"
  | "stale_timestamp"
  | "wrong_key"
  | "bad_signature";

export type CallerProofCheck =
  | {
      ok: true;
      /** Lowercase hex without 0x: the value to remember for replay protection. */
      signature: string;
      /** Seconds since the epoch after which the proof can no longer be accepted anyway. */
      expiresAt: number;
    }
  | { ok: false; reason: CallerProofFailure; message: string };

const SIGNATURE_HEX = /^(?:0x)?([0-9a-fA-F]{128})$/;

/**
 * Headers proving the holder of `privateKey` sent this request. `origin` is the gateway's public
 * origin (its URL's scheme, host and port), `path` the path and query as sent, `timestamp`
 * whole seconds since the epoch (defaults to now).
 */
export async function signCallerProof(args: {
  privateKey: Ed25519PrivateKey | string;
  origin: string;
  method: string;
  path: string;
  body: string | Uint8Array;
  timestamp?: number;
}): Promise<CallerProofHeaders> {
  const key =
    typeof args.privateKey === "string"
      ? new Ed25519PrivateKey(
          PrivateKey.formatPrivateKey(args.privateKey, PrivateKeyVariants.Ed25519),
        )
      : args.privateKey;
  return callerProofHeaders({
    ...args,
    signer: { publicKey: key.publicKey().toUint8Array(), sign: (m) => key.sign(m).toUint8Array() },
  });
}

/** An authentication key as lower-case hex without `0x`, whichever form the ledger gave it in. */
export function normalizeAuthenticationKey(key: string | Uint8Array): string {
  return typeof key === "string" ? key.toLowerCase().replace(/^0x/, "") : bytesToHex(key);
}

async function ed25519Verify(args: {
  publicKey: Bytes;
  signature: Bytes;
  message: Bytes;
}): Promise<boolean> {
  // Strict, as Aptos verifies: a small-order key or a non-canonical signature proves nothing.
  return verifyEd25519Strict(args);
}

/**
 * Checks the proof headers of a request against the account's authentication key (as the
 * ledger returns it: hex or bytes). `origin` is the verifier's own configured public origin.
 * `now` is in milliseconds since the epoch. Replay protection is the caller's job: remember
 * `signature` until `expiresAt` and refuse it a second time.
 */
export async function verifyCallerProof(args: {
  headers: Headers;
  origin: string;
  method: string;
  path: string;
  body: string | Uint8Array;
  authenticationKey: string | Uint8Array;
  now?: number;
}): Promise<CallerProofCheck> {
  const originText = args.headers.get(CALLER_ORIGIN_HEADER);
  const publicKeyText = args.headers.get(CALLER_PUBLIC_KEY_HEADER);
  const timestampText = args.headers.get(CALLER_TIMESTAMP_HEADER);
  const signatureText = args.headers.get(CALLER_SIGNATURE_HEADER);
  if (
    originText === null ||
    publicKeyText === null ||
    timestampText === null ||
    signatureText === null
  ) {
    return {
      ok: false,
      reason: "missing_proof",
      message: `This request requires a caller proof: send ${CALLER_ORIGIN_HEADER}, ${CALLER_PUBLIC_KEY_HEADER}, ${CALLER_TIMESTAMP_HEADER} and ${CALLER_SIGNATURE_HEADER}`,
    };
  }
  const origin = canonicalOrigin(args.origin);
  if (originText !== origin) {
    return {
      ok: false,
      reason: "wrong_origin",
      message: `The caller proof was made for ${JSON.stringify(originText.slice(0, 200))}; this gateway is ${origin}`,
    };
  }
  const publicKeyHex = PUBLIC_KEY_HEX.exec(publicKeyText)?.[1];
  const signatureHex = SIGNATURE_HEX.exec(signatureText)?.[1];
  if (
    publicKeyHex === undefined ||
    signatureHex === undefined ||
    !/^\d{1,15}$/.test(timestampText)
  ) {
    return {
      ok: false,
      reason: "malformed_proof",
      message: `${CALLER_PUBLIC_KEY_HEADER} must be 32 bytes of hex, ${CALLER_SIGNATURE_HEADER} 64 bytes of hex, ${CALLER_TIMESTAMP_HEADER} whole seconds since the epoch`,
    };
  }
  const timestamp = Number(timestampText);
  const nowSeconds = Math.floor((args.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - timestamp) > CALLER_PROOF_MAX_SKEW_SECONDS) {
    return {
      ok: false,
      reason: "stale_timestamp",
      message: `${CALLER_TIMESTAMP_HEADER} is more than ${CALLER_PROOF_MAX_SKEW_SECONDS} seconds from the gateway's clock`,
    };
  }
  const publicKey = hexToBytes(publicKeyHex);
  const signature = hexToBytes(signatureHex);
  if (publicKey === null || signature === null) {
    return { ok: false, reason: "malformed_proof", message: "The caller proof is not hex" };
  }
  if (ed25519AuthenticationKey(publicKey) !== normalizeAuthenticationKey(args.authenticationKey)) {
    return {
      ok: false,
      reason: "wrong_key",
      message: "The caller proof's public key does not control userAddress",
    };
  }
  const message = await callerProofMessage({ ...args, origin, timestamp });
  const valid = await ed25519Verify({
    publicKey,
    signature,
    message: utf8Bytes(message),
  });
  if (!valid) {
    return {
      ok: false,
      reason: "bad_signature",
      message: "The caller proof's signature does not match the request",
    };
  }
  return {
    ok: true,
    signature: signatureHex.toLowerCase(),
    expiresAt: timestamp + CALLER_PROOF_MAX_SKEW_SECONDS,
  };
}
