import { a2aUrlOf } from "#shared/schemas/agent-card";
import { a2aOriginOf } from "./a2a-origin.js";
import { AfterAnswer } from "./after-answer.js";

/**
 * One A2A request as the gateway received it: the process its URL names and what the admission
 * step and the run access read of the HTTP request (the caller proof signs method, path and body).
 */
export type A2aCall = {
  env: GatewayEnv;
  processId: string;
  headers: Headers;
  /** The request body exactly as received. */
  rawBody: Uint8Array;
  method: "GET" | "POST";
  /** Path and query as received. */
  path: string;
  origin: string;
  /** The A2A URL of the process (the card's interface URL). */
  url: string;
  /** Work for after the answer (a blocking task's keep); the route's answer starts it. */
  afterAnswer: AfterAnswer;
};

/** The A2A call of an HTTP request to a process's A2A paths, its body read as `rawBody`. */
export function a2aCallOf(args: {
  env: GatewayEnv;
  request: Request;
  processId: string;
  rawBody: Uint8Array;
  executionCtx: Pick<ExecutionContext, "waitUntil">;
}): A2aCall {
  const { env, request, processId, executionCtx } = args;
  const url = new URL(request.url);
  const origin = a2aOriginOf(env, request.url);
  return {
    env,
    processId,
    headers: request.headers,
    rawBody: args.rawBody,
    method: request.method === "POST" ? "POST" : "GET",
    path: `${url.pathname}${url.search}`,
    origin,
    url: a2aUrlOf(origin, processId),
    afterAnswer: new AfterAnswer(executionCtx),
  };
}
