import type { CallToolResult, CreateTaskResult } from "@modelcontextprotocol/sdk/types.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { LedgerError } from "#shared/ledger/errors";
import { addressSchema } from "#shared/schemas/address";
import { ZERO_ADDRESS } from "#shared/schemas/address-format";
import type { ExecuteBody } from "#shared/schemas/gateway";
import { MCP_PAYMENT_META_KEY, type PaymentPayload } from "#shared/x402/transport";
import { errorAnswer, type GatewayAnswer } from "../http/respond.js";
import { ledgerAppError } from "../ledger/ledger-error-answer.js";
import { runDepsFor } from "../runs/run-deps.js";
import { runExecute } from "../runs/run-execute.js";
import type { McpQuery } from "./mcp-query.js";
import { paymentSender } from "./payment-sender.js";
import type { ProgressParams } from "./progress-pump.js";
import { processIdOfTool } from "./tool-naming.js";
import { toolResultOfStart } from "./tool-run.js";
import { createdTaskOf } from "./tool-task.js";

/** The `_meta` key of a tools/call that names the caller's account (docs/mcp.md, "Who calls"). */
export const USER_ADDRESS_META_KEY = "agentgate/userAddress";

/**
 * Who runs a free tool when the caller names nobody: the zero address, "anonymous" (docs/mcp.md,
 * "Who calls"). A free run proves nothing about its caller over HTTP either.
 */
export const ANONYMOUS_USER_ADDRESS = ZERO_ADDRESS;

const MCP_PATH = "/mcp";

export type ToolCallParams = {
  name: string;
  arguments?: Record<string, unknown> | undefined;
  _meta?: Record<string, unknown> | undefined;
  /** MCP's task augmentation (docs/mcp.md, "Tasks"); its requested ttl is not used. */
  task?: { ttl?: number | undefined } | undefined;
};

/** One tools/call as the MCP server hands it over. */
type ToolCall = {
  env: GatewayEnv;
  query: McpQuery;
  params: ToolCallParams;
  /** The /mcp request's origin (tool-run.ts). */
  origin: string;
  /** Sends a progress notification of this call; null: the client asked for none. */
  progress: ((params: ProgressParams) => Promise<void>) | null;
};

/**
 * tools/call: runs the tool's process through the same execute path as POST /api/execute
 * (runExecute with runDepsFor's deps), the arguments as the execute's `data` and
 * `_meta["x402/payment"]` as its x402 payment (docs/mcp.md, "Paying for a tool"). The run is
 * started as `Prefer: respond-async` starts it, then waited for (waitForToolRun): with
 * `progress`, sending the run's progress to the client; without, at most MCP_BLOCKING_WAIT_MS
 * (docs/mcp.md, "Long runs"); with `task`, not at all: the run is answered as an MCP task.
 */
export async function callTool(args: ToolCall): Promise<CallToolResult | CreateTaskResult> {
  const { env, query, params } = args;
  const processId = processIdOfTool(params.name);
  if (processId === null) throw unknownTool(params.name);
  const payment = paymentOf(params._meta);
  const named =
    userAddressOf(params._meta) ??
    query.userAddress ??
    (payment === null ? null : paymentSender(payment, env.MODULE_ADDRESS));
  const userAddress = named ?? ANONYMOUS_USER_ADDRESS;
  const made = runDepsFor({ env, processId, userAddress });
  if (!made.ok) return answerOf({ ...args, answer: made.answer, processId });
  const body: ExecuteBody = { userAddress, data: params.arguments ?? {} };
  const answer = await executeOrLedgerRefusal(processId, () =>
    runExecute({
      request: {
        processId,
        body,
        rawBody: new TextEncoder().encode(JSON.stringify(body)),
        // No caller proof or Idempotency-Key travels over MCP: a paid call brings its payment.
        headers: new Headers(),
        path: MCP_PATH,
        idempotencyKey: null,
        payment,
        // x402's MCP transport is the only way an MCP client learns a price: always x402.
        speaksX402: true,
        resourceUrl: `mcp://tool/${params.name}`,
        origin: args.origin,
        respondAsync: true,
      },
      deps: made.deps,
    }),
  );
  if (answer.body.code === "process_not_found") throw unknownTool(params.name);
  return answerOf({ ...args, answer, processId });
}

/**
 * What a call answers once the execute path did: with `task`, the run as an MCP task at once
 * (tool-task.ts); without, the run waited for (tool-run.ts). Refusals are answered by either.
 */
function answerOf(
  args: ToolCall & { answer: GatewayAnswer; processId: string },
): Promise<CallToolResult | CreateTaskResult> {
  const { env, answer, processId } = args;
  if (args.params.task !== undefined) return createdTaskOf({ env, answer, processId });
  return toolResultOfStart({ env, answer, processId, progress: args.progress });
}

/**
 * A ledger refusal or an unreachable ledger has the same answer as on POST /api/execute
 * (docs/gateway.md, "Errors"), here as a tool error rather than through the HTTP onError.
 */
async function executeOrLedgerRefusal(
  processId: string,
  run: () => Promise<GatewayAnswer>,
): Promise<GatewayAnswer> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof LedgerError) return errorAnswer(ledgerAppError(error), { processId });
    throw error;
  }
}

function unknownTool(name: string): McpError {
  return new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name.slice(0, 128)}`);
}

function invalidMeta(key: string, what: string): McpError {
  return new McpError(ErrorCode.InvalidParams, `_meta["${key}"]: ${what}`);
}

function userAddressOf(meta: Record<string, unknown> | undefined): string | null {
  const given = meta?.[USER_ADDRESS_META_KEY];
  if (given === undefined) return null;
  const parsed = addressSchema.safeParse(given);
  if (!parsed.success) {
    throw invalidMeta(USER_ADDRESS_META_KEY, "must be an account address (0x and hex digits)");
  }
  return parsed.data;
}

/**
 * The x402 payment as sent: an object, checked as an escrow payment by the execute path
 * (docs/x402.md, "What the server checks"), where a bad one is a tool error with fresh payment requirements.
 */
function paymentOf(meta: Record<string, unknown> | undefined): PaymentPayload | null {
  const given = meta?.[MCP_PAYMENT_META_KEY];
  if (given === undefined) return null;
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    throw invalidMeta(MCP_PAYMENT_META_KEY, "must be an x402 PaymentPayload object");
  }
  return given as PaymentPayload;
}
