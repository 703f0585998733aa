import { appError, fail, ok, type Result } from "#shared/errors/app-error";
import { formatZodIssue } from "#shared/errors/validation";
import { type AgentRequest, agentRequestSchema } from "#shared/schemas/agent";
import type { AgentConfig } from "../config/agent-config.js";
import { checkGatewayRequest } from "./check-gateway.js";
import { readBodyWithin } from "./limit-body.js";

/** The transactionId a signature covers; read before the body is validated, "" when absent. */
function claimedTransactionId(parsed: unknown): string {
  if (typeof parsed !== "object" || parsed === null) return "";
  const id: unknown = Reflect.get(parsed, "transactionId");
  return typeof id === "string" ? id : "";
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * POST /execute's body: read against AGENT_MAX_BODY_BYTES on the stream, then the gateway's
 * signature, before anything else is said about the body, then JSON and the AgentRequest
 * (docs/gateway.md, "Agent calls").
 */
export async function readExecuteRequest(args: {
  request: Request;
  config: AgentConfig;
}): Promise<Result<AgentRequest>> {
  const read = await readBodyWithin(args.request, args.config.maxBodyBytes);
  if (!read.ok) return read;
  const bytes = read.value;
  const json = parseJson(new TextDecoder().decode(bytes));

  const allowed = await checkGatewayRequest({
    request: args.request,
    config: args.config,
    transactionId: json.ok ? claimedTransactionId(json.value) : "",
    body: bytes,
  });
  if (!allowed.ok) return allowed;

  if (!json.ok) return fail(appError("invalid_json"));
  const parsed = agentRequestSchema.safeParse(json.value);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join(".")))];
    return fail(
      appError("validation_failed", formatZodIssue(parsed.error.issues, "body"), { fields }),
    );
  }
  return ok(parsed.data);
}
