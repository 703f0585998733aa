import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  GetTaskRequestSchema,
  ListToolsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { z } from "zod";
import { formatZodIssue } from "#shared/errors/validation";
import { processIdSchema } from "#shared/schemas/ids";
import type { McpQuery } from "./mcp-query.js";
import type { ProgressParams } from "./progress-pump.js";
import { progressTokenOf } from "./progress-request.js";
import { cancelTask, getTask, taskResult } from "./task-requests.js";
import { callTool } from "./tool-call.js";
import { listTools } from "./tool-list.js";

const SERVER_INFO = { name: "agentgate", version: "1.0.0" };
const TASK_PARAMS = GetTaskRequestSchema.pick({ params: true });

/**
 * One MCP server for one HTTP request (docs/mcp.md, "Transport"): tools, one per active
 * process, and the tasks their calls start. The SDK's low-level Server, because tools come from
 * the registry page by page with their agents' JSON Schemas as they are (McpServer registers a
 * fixed set, from zod). Its JSON Schema validator is @cfworker/json-schema's: the default, Ajv,
 * compiles with `new Function`, which Workers forbid. Tasks are not the SDK's TaskStore: that
 * one is kept per session and polled in memory, and the runs already are the store.
 */
export function createMcpServer(args: {
  env: GatewayEnv;
  query: McpQuery;
  /** The answer is an SSE stream (serve-mcp.ts): a tools/call can send progress on it. */
  streaming: boolean;
  /** The /mcp request's origin, for the links of the runs its calls start. */
  origin: string;
}): Server {
  const { env, query, streaming, origin } = args;
  const server = new Server(SERVER_INFO, {
    // No `list`: a stateless server cannot tell whose tasks to list (docs/mcp.md, "Tasks").
    capabilities: { tools: {}, tasks: { cancel: {}, requests: { tools: { call: {} } } } },
    jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
    instructions:
      'Each tool runs one agentgate process. Free tools just run; a paid tool answers a first call with an x402 PaymentRequired (scheme "escrow") and runs when the call carries _meta["x402/payment"] (docs/mcp.md). Any call may be made as an MCP task, answered at once and polled with tasks/get.',
  });
  server.setRequestHandler(anyParams("tools/list"), (request) => {
    const { params } = paramsOf(ListToolsRequestSchema, request);
    const cursor = params?.cursor;
    if (cursor !== undefined && !processIdSchema.safeParse(cursor).success) {
      throw new McpError(ErrorCode.InvalidParams, "Invalid cursor");
    }
    return internalOnThrow(() => listTools({ env, query, cursor }));
  });
  server.setRequestHandler(anyParams("tools/call"), (request, extra) => {
    const { params } = paramsOf(CallToolRequestSchema, request);
    const progressToken = streaming ? progressTokenOf(params._meta) : null;
    const progress =
      progressToken === null
        ? null
        : (sent: ProgressParams) =>
            extra.sendNotification({
              method: "notifications/progress",
              params: { ...sent, progressToken },
            });
    return internalOnThrow(() => callTool({ env, query, params, origin, progress }));
  });
  // The tasks are the runs the calls started (docs/mcp.md, "Tasks"): nothing is kept here. The
  // three task requests take the same params, MCP's `{taskId}`.
  const taskIdOf = (request: unknown) => paramsOf(TASK_PARAMS, request).params.taskId;
  server.setRequestHandler(anyParams("tasks/get"), (request) =>
    internalOnThrow(() => getTask({ env, taskId: taskIdOf(request) })),
  );
  server.setRequestHandler(anyParams("tasks/result"), (request) =>
    internalOnThrow(() => taskResult({ env, taskId: taskIdOf(request) })),
  );
  server.setRequestHandler(anyParams("tasks/cancel"), (request) =>
    internalOnThrow(() => cancelTask({ env, taskId: taskIdOf(request) })),
  );
  return server;
}

/**
 * The SDK checks a request against the schema a handler is registered with before the handler
 * runs, and reports a mismatch as Internal error (-32603). Registered with any params, the
 * handler checks them itself and answers Invalid params (-32602), which they are.
 */
function anyParams<const M extends string>(method: M) {
  return z.object({ method: z.literal(method), params: z.unknown().optional() });
}

function paramsOf<S extends z.ZodType>(schema: S, request: unknown): z.output<S> {
  const parsed = schema.safeParse(request);
  if (parsed.success) return parsed.data;
  throw new McpError(
    ErrorCode.InvalidParams,
    `Invalid params: ${formatZodIssue(parsed.error.issues)}`,
  );
}

/**
 * A failure that is not the caller's (the ledger unreachable, a Durable Object reset) is JSON-RPC's
 * Internal error with a fixed message; the detail goes to the log, never to the client
 * (docs/gateway.md, "Errors"). McpErrors are the caller's and pass as they are.
 */
async function internalOnThrow<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof McpError) throw error;
    console.error("gateway: mcp request failed", error);
    throw new McpError(ErrorCode.InternalError, "Internal error");
  }
}
