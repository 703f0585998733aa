import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Ed25519PrivateKey, PrivateKey, PrivateKeyVariants } from "@aptos-labs/ts-sdk";
import { type AgentRequestSigner, signAgentRequest } from "#shared/auth/agent-signature";
import type { AgentRequestInput } from "#shared/schemas/agent";
import echoWorker from "../examples/echo/src/index.js";
import type { AgentWorkerEnv } from "../src/agent-env.js";

/** The process id of the test config (wrangler.jsonc). */
export const PROCESS_ID = "echo-test";
export const USER = "0x1";
/**
 * The test gateway's key: wrangler.jsonc's AGENT_GATEWAY_PUBLIC_KEYS holds its public key
 * (0xd04ab232...8737) and AGENT_OWNER_ADDRESS the owner below. Throwaway, tests only.
 */
export const GATEWAY_SEED = `0x${"11".repeat(32)}`;
export const GATEWAY_PUBLIC_KEY =
  "0xd04ab232742bb4ab3a1368bd4615e4e6d0224ab71a016baf8520a332c9778737";
/** A second gateway key (0xa09aa5f4...a4f0), for rotation tests. */
export const NEXT_GATEWAY_SEED = `0x${"22".repeat(32)}`;
export const NEXT_GATEWAY_PUBLIC_KEY =
  "0xa09aa5f47a6759802ff955f8dc2d2a14a5c99d23be97f864127ff9383455a4f0";
export const OWNER = `0x${"0a".repeat(32)}`;
/** An account that registered the same process id first (a squatter). */
export const OTHER_OWNER = `0x${"0b".repeat(32)}`;

export function signerOf(seed: string): AgentRequestSigner {
  const key = new Ed25519PrivateKey(PrivateKey.formatPrivateKey(seed, PrivateKeyVariants.Ed25519));
  return {
    publicKey: key.publicKey().toUint8Array(),
    sign: (message) => key.sign(message).toUint8Array(),
  };
}

export const gatewaySigner = signerOf(GATEWAY_SEED);

export type SigningOptions = {
  signer?: AgentRequestSigner;
  ownerAddress?: string;
  processId?: string;
  timestamp?: number;
};

let counter = 0;
/** A transaction id no other test uses, since all tests share the process's Durable Object. */
export function newTransactionId(label: string): string {
  counter += 1;
  return `${label}-${counter}-${crypto.randomUUID()}`;
}

export function agentRequest(
  overrides: Partial<AgentRequestInput> = {},
): AgentRequestInput & { transactionId: string } {
  return {
    transactionId: newTransactionId("tx"),
    processId: PROCESS_ID,
    userAddress: USER,
    data: {},
    ...overrides,
  };
}

/** Calls an agent Worker with the test env changed by `vars`, as a redeploy with other vars would. */
export async function fetchWorker(
  worker: ExportedHandler<AgentWorkerEnv>,
  request: Request,
  vars: Record<string, unknown> = {},
): Promise<Response> {
  const ctx = createExecutionContext();
  const fetchHandler = worker.fetch;
  if (fetchHandler === undefined) throw new Error("agent worker has no fetch handler");
  const response = await fetchHandler(
    request as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...vars },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

/** The echo agent of the test config, with `vars` changed. */
export function fetchEcho(request: Request, vars: Record<string, unknown> = {}): Promise<Response> {
  return fetchWorker(echoWorker, request, vars);
}

export function executeRequest(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request("http://agent/execute", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

function stringField(body: unknown, name: string): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const value: unknown = Reflect.get(body, name);
  return typeof value === "string" ? value : undefined;
}

/**
 * An /execute request signed as the test gateway signs it: for the body's processId and
 * transactionId (the gateway calls the process it executes), `options` change what is signed.
 * A string body is sent as is.
 */
export async function signedExecuteRequest(
  body: unknown,
  options: SigningOptions = {},
): Promise<Request> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const url = "http://agent/execute";
  const headers = await signAgentRequest({
    signer: options.signer ?? gatewaySigner,
    processId: options.processId ?? stringField(body, "processId") ?? PROCESS_ID,
    ownerAddress: options.ownerAddress ?? OWNER,
    method: "POST",
    url,
    transactionId: stringField(body, "transactionId") ?? "",
    body: text,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return executeRequest(text, headers);
}

/** GET /logs/:transactionId, signed as the test gateway signs it. */
export async function signedLogsRequest(
  transactionId: string,
  options: SigningOptions = {},
): Promise<Request> {
  const url = `http://agent/logs/${encodeURIComponent(transactionId)}`;
  const headers = await signAgentRequest({
    signer: options.signer ?? gatewaySigner,
    processId: options.processId ?? PROCESS_ID,
    ownerAddress: options.ownerAddress ?? OWNER,
    method: "GET",
    url,
    transactionId,
    body: "",
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return new Request(url, { headers });
}

/** A JSON body as a plain record, for assertions on fields the schemas leave open. */
export async function jsonBody(response: Response): Promise<Record<string, unknown>> {
  const body: unknown = await response.json();
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new Error(`expected a JSON object, got ${JSON.stringify(body)}`);
  }
  return body as Record<string, unknown>;
}
