import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { RunAcceptedResponse } from "#shared/schemas/runs";
import {
  MCP_PAYMENT_RESPONSE_META_KEY,
  type PaymentRequired,
  type SettleResponse,
} from "#shared/x402/transport";
import type { GatewayAnswer } from "../http/respond.js";
import { RUN_KEEP_MS } from "../runs/run-limits.js";
import { type RunHandle, runMeta } from "./run-notice.js";

/**
 * An execute answer as a tool result (docs/mcp.md, "Results"). A payment the gateway asks for is
 * x402's MCP payment-required result; otherwise the gateway's JSON body, the one POST
 * /api/execute answers, is the structured content and its JSON text the first content block.
 * Anything but a completed run is a tool error, so a model sees it failed.
 */
export function toolResultOf(answer: GatewayAnswer, processId: string): CallToolResult {
  const required = answer.x402?.required;
  const response = answer.x402?.response;
  if (required !== undefined) return paymentRequiredResult(required, response);
  const completed = answer.status === 200 && answer.body.success === true;
  const result: CallToolResult = {
    content: [{ type: "text", text: JSON.stringify(answer.body) }],
    structuredContent: answer.body,
  };
  if (!completed) result.isError = true;
  if (response !== undefined) {
    result._meta = { [MCP_PAYMENT_RESPONSE_META_KEY]: response };
    const taskId = response.extra?.taskId;
    if (response.success && typeof taskId === "string") {
      result.content.push({ type: "text", text: escrowNote({ processId, taskId, completed }) });
    }
  }
  return result;
}

/** The result of a call whose run ended: as above, the run named in `_meta` (docs/mcp.md, "Progress"). */
export function runToolResultOf(args: {
  answer: GatewayAnswer;
  processId: string;
  run: RunHandle;
}): CallToolResult {
  const result = toolResultOf(args.answer, args.processId);
  result._meta = { ...result._meta, ...runMeta(args.run) };
  return result;
}

/**
 * A call without progress whose run outlasted its wait (docs/mcp.md, "Without progress"): an
 * error, as the call has no result, naming where the run's result is read once it ends; the run
 * as the 202 of `Prefer: respond-async` states it, and a paid call's receipt.
 */
export function stillRunningResult(args: {
  run: RunAcceptedResponse;
  response: SettleResponse | undefined;
}): CallToolResult {
  const { run, response } = args;
  const text = `run ${run.transactionId} is still running; it goes on without this call. Read its result once it ends: GET ${run.links.run} with Authorization: Bearer ${run.accessToken} (kept ${RUN_KEEP_MS / 3_600_000} h after it ends)`;
  return {
    isError: true,
    content: [{ type: "text", text }],
    structuredContent: run,
    _meta: {
      ...runMeta(run),
      ...(response === undefined ? {} : { [MCP_PAYMENT_RESPONSE_META_KEY]: response }),
    },
  };
}

/**
 * x402's MCP transport (docs/x402.md, "Transports"): `isError`, the PaymentRequired as the
 * structured content, and as `content[0].text` inside the `x402/error` wrapper for clients that
 * read text only. A payment the ledger refused adds its SettleResponse, as that transport's
 * "settlement failure" does.
 */
function paymentRequiredResult(
  required: PaymentRequired,
  response: SettleResponse | undefined,
): CallToolResult {
  const data: Record<string, unknown> =
    response === undefined
      ? { ...required }
      : { ...required, [MCP_PAYMENT_RESPONSE_META_KEY]: response };
  const message = required.error ?? "Payment required";
  return {
    isError: true,
    structuredContent: data,
    content: [
      { type: "text", text: JSON.stringify({ "x402/error": { code: 402, message, data } }) },
    ],
  };
}

/** How the escrowed payment ends: the payer's ledger calls, from the CLI (README.md, "release"). */
function escrowNote(args: { processId: string; taskId: string; completed: boolean }): string {
  const { processId, taskId, completed } = args;
  const ids = `-i ${processId} -t ${taskId}`;
  return completed
    ? `Paid into escrow for task ${taskId}; the gateway reported the run delivered. Release the payment to the owner when satisfied: agentgate release ${ids}. Unreleased, it goes to the owner at settle time (agentgate settle ${ids}).`
    : `Paid into escrow for task ${taskId}; the gateway reported the run failed. Take the payment back within the refund window: agentgate refund ${ids}.`;
}
