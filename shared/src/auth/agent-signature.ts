/**
 * The gateway's proof to an agent that an /execute request comes from it: HMAC-SHA256 under a
 * shared secret over `${timestamp}\n${transactionId}\n${sha256hex(body)}`. The gateway signs every
 * request, over a service binding as well as over https, so an agent with a secret configured
 * never has to guess how a request reached it. Web Crypto only: runs in Node and workerd.
 */
import { type Bytes, bodyBytes, bytesToHex, hexToBytes, utf8Bytes } from "./bytes.js";

export const AGENT_TIMESTAMP_HEADER = "x-agentgate-timestamp";
export const AGENT_SIGNATURE_HEADER = "x-agentgate-signature";

/** How far a request's timestamp may be from the agent's clock, either way. */
export const AGENT_SIGNATURE_MAX_SKEW_SECONDS = 300;

/** The signature header's value starts with this, so a later scheme can be told apart. */
const SIGNATURE_PREFIX = "v1=";

export type AgentSignatureHeaders = {
  [AGENT_TIMESTAMP_HEADER]: string;
  [AGENT_SIGNATURE_HEADER]: string;
};

export type AgentSignatureFailure =
  | "missing_signature"
  | "malformed_timestamp"
  | "stale_timestamp"
  | "bad_signature";

export type AgentSignatureCheck =
  | { ok: true }
  | { ok: false; reason: AgentSignatureFailure; message: string };

export async function sha256Hex(body: string | Uint8Array): Promise<string> {
  return bytesToHex(await crypto.subtle.digest("SHA-256", bodyBytes(body)));
}

async function signedMessage(args: {
  timestamp: number;
  transactionId: string;
  body: string | Uint8Array;
}): Promise<Bytes> {
  return utf8Bytes(`${args.timestamp}\n${args.transactionId}\n${await sha256Hex(args.body)}`);
}

// Importing the key costs as much as the MAC itself; a Worker uses one secret for its lifetime.
const hmacKeys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  const cacheKey = `${usage}:${secret}`;
  let key = hmacKeys.get(cacheKey);
  if (key === undefined) {
    key = crypto.subtle.importKey(
      "raw",
      utf8Bytes(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      [usage],
    );
    hmacKeys.set(cacheKey, key);
  }
  return key;
}

/** Headers to add to an agent's /execute request. `timestamp` is in whole seconds since the epoch. */
export async function signAgentRequest(args: {
  secret: string;
  timestamp: number;
  transactionId: string;
  body: string | Uint8Array;
}): Promise<AgentSignatureHeaders> {
  const key = await hmacKey(args.secret, "sign");
  const mac = await crypto.subtle.sign("HMAC", key, await signedMessage(args));
  return {
    [AGENT_TIMESTAMP_HEADER]: String(args.timestamp),
    [AGENT_SIGNATURE_HEADER]: `${SIGNATURE_PREFIX}${bytesToHex(mac)}`,
  };
}

function readHeader(headers: Headers | Record<string, string | undefined>, name: string) {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/**
 * Checks a request signed by `signAgentRequest`. `now` is in milliseconds since the epoch.
 * The MAC comparison is `crypto.subtle.verify`, which compares in constant time.
 */
export async function verifyAgentRequest(args: {
  secret: string;
  headers: Headers | Record<string, string | undefined>;
  transactionId: string;
  body: string | Uint8Array;
  now?: number;
}): Promise<AgentSignatureCheck> {
  const timestampText = readHeader(args.headers, AGENT_TIMESTAMP_HEADER);
  const signature = readHeader(args.headers, AGENT_SIGNATURE_HEADER);
  if (timestampText === undefined || signature === undefined) {
    return {
      ok: false,
      reason: "missing_signature",
      message: `Missing ${AGENT_TIMESTAMP_HEADER} or ${AGENT_SIGNATURE_HEADER} header`,
    };
  }
  if (!/^\d{1,15}$/.test(timestampText)) {
    return {
      ok: false,
      reason: "malformed_timestamp",
      message: `${AGENT_TIMESTAMP_HEADER} must be whole seconds since the epoch`,
    };
  }
  const timestamp = Number(timestampText);
  const nowSeconds = Math.floor((args.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - timestamp) > AGENT_SIGNATURE_MAX_SKEW_SECONDS) {
    return {
      ok: false,
      reason: "stale_timestamp",
      message: `${AGENT_TIMESTAMP_HEADER} is more than ${AGENT_SIGNATURE_MAX_SKEW_SECONDS} seconds from the agent's clock`,
    };
  }
  const mac = signature.startsWith(SIGNATURE_PREFIX)
    ? hexToBytes(signature.slice(SIGNATURE_PREFIX.length))
    : null;
  const valid =
    mac !== null &&
    (await crypto.subtle.verify(
      "HMAC",
      await hmacKey(args.secret, "verify"),
      mac,
      await signedMessage({ timestamp, transactionId: args.transactionId, body: args.body }),
    ));
  if (!valid) {
    return { ok: false, reason: "bad_signature", message: "Request signature does not match" };
  }
  return { ok: true };
}
