import { verifyAgentRequest } from "../../../../shared/src/auth/agent-signature.js";
import { appError, fail, ok, type Result } from "../../../../shared/src/errors/app-error.js";
import { type AgentRequest, agentRequestSchema } from "../../../../shared/src/schemas/agent.js";
import { describeIssues } from "../execution/describe-issues.js";

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
 * POST /execute's body: size-capped, then (when a secret is configured) the gateway's signature,
 * before anything else is said about the body, then JSON and SPEC's AgentRequest.
 */
export async function readExecuteRequest(args: {
  request: Request;
  maxBodyBytes: number;
  secret: string | null;
}): Promise<Result<AgentRequest>> {
  const declared = Number(args.request.headers.get("content-length") ?? "0");
  if (declared > args.maxBodyBytes) {
    return fail(appError("payload_too_large", `Body exceeds ${args.maxBodyBytes} bytes`));
  }
  const bytes = new Uint8Array(await args.request.arrayBuffer());
  if (bytes.length > args.maxBodyBytes) {
    return fail(appError("payload_too_large", `Body exceeds ${args.maxBodyBytes} bytes`));
  }
  const json = parseJson(new TextDecoder().decode(bytes));

  if (args.secret !== null) {
    const check = await verifyAgentRequest({
      secret: args.secret,
      headers: args.request.headers,
      transactionId: json.ok ? claimedTransactionId(json.value) : "",
      body: bytes,
    });
    if (!check.ok) return fail(appError("unauthorized", check.message, { reason: check.reason }));
  }

  if (!json.ok) return fail(appError("invalid_json"));
  const parsed = agentRequestSchema.safeParse(json.value);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join(".")))];
    return fail(appError("validation_failed", describeIssues(parsed.error), { fields }));
  }
  return ok(parsed.data);
}
