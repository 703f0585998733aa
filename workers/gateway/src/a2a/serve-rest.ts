import {
  type AgentCard,
  ListTasksRequest,
  SendMessageRequest,
  SendMessageResponse,
  StreamResponse,
  Task,
  taskStateFromJSON,
} from "@a2a-js/sdk";
import {
  RequestMalformedError,
  restStatusFor,
  toRestErrorBody,
  UnsupportedOperationError,
} from "@a2a-js/sdk/errors";
import { type ServerCallContext, validateVersion } from "@a2a-js/sdk/server";
import type { A2aCall } from "./a2a-call.js";
import { callContextOf, withActivatedExtensions } from "./call-context.js";
import { RunRequestHandler } from "./run-request-handler.js";
import { sseResponse } from "./sse-response.js";

/** The A2A media type HTTP+JSON answers carry. */
export const A2A_JSON = "application/a2a+json";

/**
 * The HTTP+JSON binding (A2A 1.0) under a process's A2A URL (docs/gateway.md, "A2A"): the
 * request handler of the JSON-RPC binding behind REST paths, `tail` being the path after the
 * URL. The SDK has this binding for Express only; this is its Workers form, with the SDK's
 * message codecs and error bodies. Another path is A2A's unsupported operation. The extensions
 * the call activated are echoed in the answer's header (call-context.ts).
 */
export async function serveRest(args: {
  call: A2aCall;
  card: AgentCard;
  tail: string;
  query: URLSearchParams;
}): Promise<Response> {
  const context = callContextOf(args.call.headers);
  return withActivatedExtensions(await answerRest({ ...args, context }), context);
}

async function answerRest(args: {
  call: A2aCall;
  card: AgentCard;
  tail: string;
  query: URLSearchParams;
  context: ServerCallContext;
}): Promise<Response> {
  const { call, card, tail, query, context } = args;
  const handler = new RunRequestHandler(call, card);
  const fail = (error: unknown) => {
    const status = restStatusFor(error);
    return Response.json(toRestErrorBody(error, status), {
      status,
      headers: { "content-type": A2A_JSON },
    });
  };
  const json = (body: unknown) => Response.json(body, { headers: { "content-type": A2A_JSON } });
  const stream = (events: AsyncGenerator<StreamResponse>) =>
    sseResponse({
      events,
      encode: (event) => StreamResponse.toJSON(event),
      errorOf: (error) => toRestErrorBody(error, restStatusFor(error)),
      before: fail,
    });
  try {
    validateVersion(context.requestedVersion, card, "HTTP+JSON");
    const task = /^\/tasks\/([^/:]+)(?::(cancel|subscribe))?$/.exec(tail);
    const post = call.method === "POST";
    if (post && (tail === "/message:send" || tail === "/message:stream")) {
      const params = sendMessageRequestOf(call.rawBody);
      if (tail === "/message:stream") {
        return await stream(handler.sendMessageStream(params, context));
      }
      const result = await handler.sendMessage(params, context);
      const payload =
        "messageId" in result
          ? { $case: "message" as const, value: result }
          : { $case: "task" as const, value: result };
      return json(SendMessageResponse.toJSON({ payload }));
    }
    if (!post && tail === "/tasks") {
      const params = listTasksRequestOf(query);
      const listed = await handler.listTasks(params);
      return json({ ...listed, tasks: listed.tasks.map((one) => Task.toJSON(one)) });
    }
    const id = task?.[1] ?? "";
    const action = task?.[2];
    if (action === "subscribe") return await stream(handler.resubscribe({ id, tenant: "" }));
    if (post && action === "cancel") {
      return json(Task.toJSON(await handler.cancelTask({ id, tenant: "", metadata: undefined })));
    }
    if (!post && task !== null && action === undefined) {
      return json(Task.toJSON(await handler.getTask({ id, tenant: "" })));
    }
    return fail(new UnsupportedOperationError(`No A2A operation at ${call.method} ${tail}`));
  } catch (error) {
    return fail(error);
  }
}

/**
 * ListTasks' parameters from the query (A2A 1.0's HTTP+JSON names); a page size that is not a
 * number is NaN, which the request handler refuses as invalid params.
 */
function listTasksRequestOf(query: URLSearchParams): ListTasksRequest {
  const pageSize = query.get("pageSize");
  return ListTasksRequest.fromJSON({
    contextId: query.get("contextId") ?? "",
    status: taskStateFromJSON(query.get("status") ?? 0),
    pageToken: query.get("pageToken") ?? "",
    ...(pageSize === null ? {} : { pageSize: Number(pageSize) }),
    statusTimestampAfter: query.get("statusTimestampAfter") ?? undefined,
    includeArtifacts: query.get("includeArtifacts") === "true",
  });
}

/**
 * The SendMessageRequest a body holds. The SDK's decoder trusts its input's shape (a `null` part
 * throws a TypeError): whatever it cannot read is a malformed request, never the gateway's fault.
 */
function sendMessageRequestOf(body: Uint8Array): SendMessageRequest {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(body));
    if (typeof parsed !== "object" || parsed === null) throw new Error("not an object");
    return SendMessageRequest.fromJSON(parsed);
  } catch {
    throw new RequestMalformedError("The body is not a SendMessageRequest");
  }
}
