import type { AgentCard } from "@a2a-js/sdk";
import { LegacyJsonRpcTransportHandler } from "@a2a-js/sdk/compat/v0_3/server";
import {
  JsonRpcTransportHandler,
  type ServerCallContext,
  validateVersion,
} from "@a2a-js/sdk/server";
import { isLegacyA2aVersion } from "#shared/schemas/agent-card-legacy";
import type { A2aCall } from "./a2a-call.js";
import { callContextOf, withActivatedExtensions } from "./call-context.js";
import { RunRequestHandler } from "./run-request-handler.js";
import { sseResponse } from "./sse-response.js";

type Envelope = { jsonrpc: string; id: string | number | null; result?: unknown; error?: unknown };

/**
 * The JSON-RPC binding of a process's A2A URL (docs/gateway.md, "A2A"): the SDK's transport
 * handlers over the run-backed request handler, in workerd. `A2A-Version` picks the 1.0 handler
 * or the SDK's 0.3 compatibility handler (no header: 0.3, as A2A says); a version the card does
 * not list is VersionNotSupported. Streaming methods answer Server-Sent Events, one envelope per
 * event; an error before the first event is a plain JSON-RPC error. Every answer is 200, with
 * the extensions the call activated echoed in its header (call-context.ts).
 */
export async function serveJsonRpc(args: {
  call: A2aCall;
  card: AgentCard;
  body: string;
}): Promise<Response> {
  const context = callContextOf(args.call.headers);
  return withActivatedExtensions(await answerJsonRpc({ ...args, context }), context);
}

async function answerJsonRpc(args: {
  call: A2aCall;
  card: AgentCard;
  body: string;
  context: ServerCallContext;
}): Promise<Response> {
  const { call, card, context } = args;
  const version = context.requestedVersion;
  const legacy = isLegacyA2aVersion(version);
  const requestHandler = new RunRequestHandler(call, card);
  const transport = legacy
    ? new LegacyJsonRpcTransportHandler(requestHandler)
    : new JsonRpcTransportHandler(requestHandler);
  const mapError = legacy
    ? LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError
    : JsonRpcTransportHandler.mapToJSONRPCError;
  const errorOf = (error: unknown): Envelope => ({
    jsonrpc: "2.0",
    id: requestIdOf(args.body),
    error: mapError(error),
  });
  let answer: Envelope | AsyncGenerator<Envelope>;
  try {
    validateVersion(version, card, "JSONRPC");
    answer = await transport.handle(args.body, context);
  } catch (error) {
    return Response.json(errorOf(error));
  }
  if (!(Symbol.asyncIterator in answer)) return Response.json(answer);
  return sseResponse({
    events: answer,
    encode: (event) => event,
    errorOf,
    before: (error) => Response.json(errorOf(error)),
  });
}

/** The request's id for an error envelope, when the body is a JSON-RPC request at all. */
function requestIdOf(body: string): string | number | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== "object" || parsed === null || !("id" in parsed)) return null;
    const { id } = parsed;
    return typeof id === "string" || typeof id === "number" ? id : null;
  } catch {
    return null;
  }
}
