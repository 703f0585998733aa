import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { signAgentRequest } from "../../../shared/src/auth/agent-signature.js";
import type { AgentRequestInput } from "../../../shared/src/schemas/agent.js";
import echoWorker from "../examples/echo/src/index.js";
import type { AgentWorkerEnv } from "../src/agent-env.js";

/** The process id of the test config (wrangler.toml). */
export const PROCESS_ID = "echo-test";
export const USER = "0x1";
export const SECRET = "test-secret-of-at-least-32-characters";

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

export async function signedExecuteRequest(
  body: { transactionId: string },
  options: { secret?: string; timestamp?: number } = {},
): Promise<Request> {
  const text = JSON.stringify(body);
  const headers = await signAgentRequest({
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    transactionId: body.transactionId,
    body: text,
  });
  return executeRequest(text, headers);
}

/** A JSON body as a plain record, for assertions on fields the schemas leave open. */
export async function jsonBody(response: Response): Promise<Record<string, unknown>> {
  const body: unknown = await response.json();
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new Error(`expected a JSON object, got ${JSON.stringify(body)}`);
  }
  return body as Record<string, unknown>;
}
