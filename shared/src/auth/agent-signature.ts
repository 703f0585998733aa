/**
 * The gateway's proof to an agent that a request comes from it, for the process and owner the
 * agent serves: an Ed25519 signature by the gateway's key (its operator key) over the UTF-8 bytes of
 *
 *   "AGENTGATE-GATEWAY-REQUEST-V1\n" + processId + "\n" + ownerAddress + "\n" + METHOD + "\n"
 *     + pathAndQuery + "\n" + timestamp + "\n" + transactionId + "\n" + sha256hex(body)
 *
 * docs/agent.md ("Gateway signatures") is the normative description, with a test vector that
 * shared/test/auth/agent-signature.test.ts checks. No secret is shared between the gateway and
 * agents (the old HMAC AGENT_SECRET), so no agent can forge a request to another.
 *
 * This module is SDK-free (agents import it): verifying is Web Crypto, signing takes a signer the
 * caller builds from its key (the gateway from its ts-sdk operator account). Runs in Node and
 * workerd.
 */
import { type Bytes, bodyBytes, bytesToHex, hexToBytes, utf8Bytes } from "./bytes.js";
import { isStrictPointEncoding, verifyEd25519Strict } from "./ed25519-strict.js";

export const AGENT_REQUEST_DOMAIN = "AGENTGATE-GATEWAY-REQUEST-V1";

export const AGENT_KEY_HEADER = "x-agentgate-gateway-key";
export const AGENT_PROCESS_HEADER = "x-agentgate-process-id";
export const AGENT_OWNER_HEADER = "x-agentgate-owner";
export const AGENT_TIMESTAMP_HEADER = "x-agentgate-timestamp";
export const AGENT_SIGNATURE_HEADER = "x-agentgate-signature";

/** How far a request's timestamp may be from the agent's clock, either way. */
export const AGENT_SIGNATURE_MAX_SKEW_SECONDS = 300;

/** A signed request can be accepted during at most this long (the skew either way). */
export const AGENT_SIGNATURE_LIFETIME_SECONDS = 2 * AGENT_SIGNATURE_MAX_SKEW_SECONDS;

const PUBLIC_KEY = /^0x[0-9a-f]{64}$/;
const SIGNATURE = /^0x([0-9a-f]{128})$/;
const OWNER = /^0x[0-9a-f]{64}$/;
const TIMESTAMP = /^(0|[1-9][0-9]{0,14})$/;

export type AgentSignatureHeaders = {
  [AGENT_KEY_HEADER]: string;
  [AGENT_PROCESS_HEADER]: string;
  [AGENT_OWNER_HEADER]: string;
  [AGENT_TIMESTAMP_HEADER]: string;
  [AGENT_SIGNATURE_HEADER]: string;
};

/** The gateway's key as the signing side holds it: raw public key and a raw Ed25519 signer. */
export type AgentRequestSigner = {
  publicKey: Uint8Array;
  sign(message: Uint8Array): Uint8Array | Promise<Uint8Array>;
};

export type AgentSignatureFailure =
  | "missing_signature"
  | "malformed_signature"
  | "stale_timestamp"
  | "unknown_key"
  | "bad_signature"
  | "wrong_process"
  | "wrong_owner";

export type AgentSignatureCheck =
  | { ok: true }
  | {
      ok: false;
      /** 401: not shown to come from a configured gateway; 403: it does, for someone else. */
      status: 401 | 403;
      reason: AgentSignatureFailure;
      message: string;
    };

export async function sha256Hex(body: string | Uint8Array): Promise<string> {
  return bytesToHex(await crypto.subtle.digest("SHA-256", bodyBytes(body)));
}

/** `0x` + 64 lowercase hex, or null: the one accepted spelling of a gateway public key. */
export function parseGatewayPublicKey(text: string): string | null {
  const key = text.trim().toLowerCase();
  if (!PUBLIC_KEY.test(key)) return null;
  // A small-order or non-canonical key verifies forged signatures (ed25519-strict.ts): refused
  // when configured, so an agent never starts trusting one.
  const bytes = hexToBytes(key.slice(2));
  return bytes !== null && isStrictPointEncoding(bytes) ? key : null;
}

/** The path and query of `url` exactly as an HTTP client sends them (WHATWG serialisation). */
export function pathAndQueryOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

export type AgentRequestFields = {
  processId: string;
  /** Long form: `0x` + 64 lowercase hex. */
  ownerAddress: string;
  method: string;
  /** Path and query as sent, e.g. `/execute` or `/logs/tx-1`. */
  pathAndQuery: string;
  /** Whole seconds since the epoch, as the timestamp header spells it. */
  timestamp: string;
  transactionId: string;
  body: string | Uint8Array;
};

/**
 * The exact text that is signed. Every field but transactionId is free of "\n" by its format
 * (ids, hex, a method, a URL path, digits), and the last field is 64 hex digits, so the text
 * splits into its fields one way only, whatever the transactionId holds.
 */
export async function agentRequestMessage(fields: AgentRequestFields): Promise<string> {
  return [
    AGENT_REQUEST_DOMAIN,
    fields.processId,
    fields.ownerAddress,
    fields.method.toUpperCase(),
    fields.pathAndQuery,
    fields.timestamp,
    fields.transactionId,
    await sha256Hex(fields.body),
  ].join("\n");
}

/**
 * Headers for one request to an agent. `url` is the full URL fetched (its path and query are
 * signed), `timestamp` whole seconds since the epoch (defaults to now).
 */
export async function signAgentRequest(args: {
  signer: AgentRequestSigner;
  processId: string;
  ownerAddress: string;
  method: string;
  url: string;
  transactionId: string;
  body: string | Uint8Array;
  timestamp?: number;
}): Promise<AgentSignatureHeaders> {
  const ownerAddress = args.ownerAddress.toLowerCase();
  if (!OWNER.test(ownerAddress)) {
    throw new Error("signAgentRequest: ownerAddress must be 0x and 64 hex digits");
  }
  const timestamp = String(args.timestamp ?? Math.floor(Date.now() / 1000));
  const message = await agentRequestMessage({
    processId: args.processId,
    ownerAddress,
    method: args.method,
    pathAndQuery: pathAndQueryOf(args.url),
    timestamp,
    transactionId: args.transactionId,
    body: args.body,
  });
  const signature = await args.signer.sign(utf8Bytes(message));
  return {
    [AGENT_KEY_HEADER]: `0x${bytesToHex(args.signer.publicKey)}`,
    [AGENT_PROCESS_HEADER]: args.processId,
    [AGENT_OWNER_HEADER]: ownerAddress,
    [AGENT_TIMESTAMP_HEADER]: timestamp,
    [AGENT_SIGNATURE_HEADER]: `0x${bytesToHex(signature)}`,
  };
}

/**
 * THE verify call site of the gateway -> agent scheme: strict, as Aptos verifies (canonical S,
 * no small-order key or R; ed25519-strict.ts), so no configured key, whatever it is, verifies a
 * forged signature. The keys it sees are the agent's own configured ones, never a caller's.
 */
export function verifyGatewayEd25519(args: {
  publicKey: Bytes;
  signature: Bytes;
  message: Bytes;
}): Promise<boolean> {
  return verifyEd25519Strict({
    publicKey: new Uint8Array(args.publicKey),
    signature: new Uint8Array(args.signature),
    message: new Uint8Array(args.message),
  });
}

function failure(
  status: 401 | 403,
  reason: AgentSignatureFailure,
  message: string,
): AgentSignatureCheck {
  return { ok: false, status, reason, message };
}

/**
 * Checks a request signed by `signAgentRequest`, as the agent serving (processId, ownerAddress)
 * received it: `url` and `method` are the request's own, `transactionId` the one it serves (the
 * body's for /execute, the path's for /logs). The signature is checked first, over the claims the
 * headers make; only then are the claimed process and owner compared with the agent's, so a 403
 * always means "from our gateway, for someone else". `now` is in milliseconds since the epoch.
 */
export async function verifyAgentRequest(args: {
  gatewayKeys: readonly string[];
  processId: string;
  ownerAddress: string;
  method: string;
  url: string;
  headers: Headers;
  transactionId: string;
  body: string | Uint8Array;
  now?: number;
}): Promise<AgentSignatureCheck> {
  const { headers } = args;
  const keyText = headers.get(AGENT_KEY_HEADER);
  const processText = headers.get(AGENT_PROCESS_HEADER);
  const ownerText = headers.get(AGENT_OWNER_HEADER);
  const timestampText = headers.get(AGENT_TIMESTAMP_HEADER);
  const signatureText = headers.get(AGENT_SIGNATURE_HEADER);
  if (
    keyText === null ||
    processText === null ||
    ownerText === null ||
    timestampText === null ||
    signatureText === null
  ) {
    return failure(
      401,
      "missing_signature",
      `This agent serves only its gateway: send ${AGENT_KEY_HEADER}, ${AGENT_PROCESS_HEADER}, ${AGENT_OWNER_HEADER}, ${AGENT_TIMESTAMP_HEADER} and ${AGENT_SIGNATURE_HEADER}`,
    );
  }
  const signatureHex = SIGNATURE.exec(signatureText)?.[1];
  const signature = signatureHex === undefined ? null : hexToBytes(signatureHex);
  if (
    !PUBLIC_KEY.test(keyText) ||
    !OWNER.test(ownerText) ||
    !TIMESTAMP.test(timestampText) ||
    signature === null
  ) {
    return failure(
      401,
      "malformed_signature",
      `${AGENT_KEY_HEADER} and ${AGENT_OWNER_HEADER} must be 0x and 64 lowercase hex, ${AGENT_SIGNATURE_HEADER} 0x and 128 lowercase hex, ${AGENT_TIMESTAMP_HEADER} whole seconds since the epoch`,
    );
  }
  const nowSeconds = Math.floor((args.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - Number(timestampText)) > AGENT_SIGNATURE_MAX_SKEW_SECONDS) {
    return failure(
      401,
      "stale_timestamp",
      `${AGENT_TIMESTAMP_HEADER} is more than ${AGENT_SIGNATURE_MAX_SKEW_SECONDS} seconds from the agent's clock`,
    );
  }
  if (!args.gatewayKeys.includes(keyText)) {
    return failure(401, "unknown_key", `${AGENT_KEY_HEADER} is not a gateway key of this agent`);
  }
  const publicKey = hexToBytes(keyText.slice(2));
  const message = await agentRequestMessage({
    processId: processText,
    ownerAddress: ownerText,
    method: args.method,
    pathAndQuery: pathAndQueryOf(args.url),
    timestamp: timestampText,
    transactionId: args.transactionId,
    body: args.body,
  });
  const valid =
    publicKey !== null &&
    (await verifyGatewayEd25519({ publicKey, signature, message: utf8Bytes(message) }));
  if (!valid) {
    return failure(401, "bad_signature", "The request's signature does not match");
  }
  if (processText !== args.processId) {
    return failure(
      403,
      "wrong_process",
      `Signed for process ${JSON.stringify(processText)}; this agent serves ${JSON.stringify(args.processId)}`,
    );
  }
  if (ownerText !== args.ownerAddress) {
    return failure(
      403,
      "wrong_owner",
      `Signed for a process owned by ${ownerText}; this agent serves the process of ${args.ownerAddress}`,
    );
  }
  return { ok: true };
}
