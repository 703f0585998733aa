import { type CreateTaskResult, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { MCP_PAYMENT_RESPONSE_META_KEY } from "#shared/x402/transport";
import type { GatewayAnswer } from "../http/respond.js";
import { runStub } from "../runs/run-stub.js";
import { runMeta } from "./run-notice.js";
import { taskOf } from "./task-status.js";
import { toolResultOf } from "./tool-result.js";
import { acceptedRunOf } from "./tool-run.js";

/** x402's code for a payment asked for, as in the `x402/error` wrapper of its MCP transport. */
const PAYMENT_REQUIRED_CODE = 402;

/**
 * A task-augmented tools/call (docs/mcp.md, "Tasks"): the run the execute path started is the
 * task, answered at once (CreateTaskResult) with the run named in `_meta["agentgate/run"]` and a
 * paid call's receipt. A call refused before any run exists has no task to answer with: it is a
 * JSON-RPC error whose `data` is what the call without a task would have had as its
 * structuredContent (refusedTask).
 */
export async function createdTaskOf(args: {
  env: GatewayEnv;
  answer: GatewayAnswer;
  processId: string;
}): Promise<CreateTaskResult> {
  const { env, answer, processId } = args;
  const accepted = acceptedRunOf(answer);
  if (accepted === null) throw refusedTask(answer, processId);
  const { transactionId, accessToken, links } = accepted;
  const record = await runStub(env, transactionId).read();
  if (record === null) throw new Error("a run just started that its object does not hold");
  const receipt = answer.x402?.response;
  return {
    task: taskOf(record, { transactionId, accessToken }),
    _meta: {
      ...runMeta({ transactionId, accessToken, links }),
      ...(receipt === undefined ? {} : { [MCP_PAYMENT_RESPONSE_META_KEY]: receipt }),
    },
  };
}

/**
 * A refusal as a task-augmented call's error: a payment asked for is code 402 with the
 * PaymentRequired as `data` (x402's error object for MCP); the gateway's own failure is Internal
 * error; any other refusal (the arguments, the process, the payment) is Invalid params, with the
 * execute's error body as `data`.
 */
function refusedTask(answer: GatewayAnswer, processId: string): McpError {
  const data = toolResultOf(answer, processId).structuredContent;
  const required = answer.x402?.required;
  if (required !== undefined) {
    return new McpError(PAYMENT_REQUIRED_CODE, required.error ?? "Payment required", data);
  }
  const said = answer.body.error;
  const message = typeof said === "string" ? said : "The call was refused";
  const code = answer.status >= 500 ? ErrorCode.InternalError : ErrorCode.InvalidParams;
  return new McpError(code, message, data);
}
