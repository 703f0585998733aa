/**
 * The caller proof's signed text and headers (the rule is in caller-proof.ts and docs/gateway.md,
 * "Caller proof"), without the ledger SDK: a client that signs with its own Ed25519 (the CLI, on
 * Node's OpenSSL) builds the headers here and never loads the SDK. caller-proof.ts re-exports
 * all of it.
 */
import { sha256Hex } from "./agent-signature.js";
import { bytesToHex, utf8Bytes } from "./bytes.js";

export const CALLER_ORIGIN_HEADER = "x-agentgate-caller-origin";
export const CALLER_PUBLIC_KEY_HEADER = "x-agentgate-caller-public-key";
export const CALLER_TIMESTAMP_HEADER = "x-agentgate-caller-timestamp";
export const CALLER_SIGNATURE_HEADER = "x-agentgate-caller-signature";

const CALLER_PROOF_HEADERS = [
  CALLER_ORIGIN_HEADER,
  CALLER_PUBLIC_KEY_HEADER,
  CALLER_TIMESTAMP_HEADER,
  CALLER_SIGNATURE_HEADER,
];

/**
 * Whether a request sends a caller proof: any of its four headers. It says only that the request
 * means to be proven, not that the proof holds: the caller proof check decides that.
 */
export function carriesCallerProof(headers: Headers): boolean {
  return CALLER_PROOF_HEADERS.some((name) => headers.has(name));
}

export const CALLER_PROOF_DOMAIN = "AGENTGATE-CALLER-PROOF-V2";

/** How far a proof's timestamp may be from the gateway's clock, either way. */
export const CALLER_PROOF_MAX_SKEW_SECONDS = 300;

export type CallerProofHeaders = {
  [CALLER_ORIGIN_HEADER]: string;
  [CALLER_PUBLIC_KEY_HEADER]: string;
  [CALLER_TIMESTAMP_HEADER]: string;
  [CALLER_SIGNATURE_HEADER]: string;
};

/**
 * The origin as signed: scheme, host and port (default ports dropped), lowercase, as the URL
 * standard serialises it; throws on text that is not an http(s) origin.
 */
export function canonicalOrigin(origin: string): string {
  const url = new URL(origin);
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new TypeError(`not an http(s) origin: ${origin}`);
  }
  return url.origin;
}

/** The exact text that is signed, exported so other clients can test their implementation. */
export async function callerProofMessage(args: {
  origin: string;
  method: string;
  path: string;
  timestamp: number;
  body: string | Uint8Array;
}): Promise<string> {
  const bodyHash = await sha256Hex(args.body);
  return [
    CALLER_PROOF_DOMAIN,
    canonicalOrigin(args.origin),
    args.method.toUpperCase(),
    args.path,
    String(args.timestamp),
    bodyHash,
  ].join("\n");
}

/** An Ed25519 key as callerProofHeaders uses it: its raw public key and a signing function. */
export interface CallerProofSigner {
  publicKey: Uint8Array;
  sign(message: Uint8Array): Uint8Array;
}

/**
 * Headers proving the holder of `signer`'s key sent this request. `origin` is the gateway's
 * public origin (its URL's scheme, host and port), `path` the path and query as sent,
 * `timestamp` whole seconds since the epoch (defaults to now).
 */
export async function callerProofHeaders(args: {
  signer: CallerProofSigner;
  origin: string;
  method: string;
  path: string;
  body: string | Uint8Array;
  timestamp?: number;
}): Promise<CallerProofHeaders> {
  const timestamp = args.timestamp ?? Math.floor(Date.now() / 1000);
  const message = await callerProofMessage({ ...args, timestamp });
  const signature = args.signer.sign(utf8Bytes(message));
  return {
    [CALLER_ORIGIN_HEADER]: canonicalOrigin(args.origin),
    [CALLER_PUBLIC_KEY_HEADER]: `0x${bytesToHex(args.signer.publicKey)}`,
    [CALLER_TIMESTAMP_HEADER]: String(timestamp),
    [CALLER_SIGNATURE_HEADER]: `0x${bytesToHex(signature)}`,
  };
}
