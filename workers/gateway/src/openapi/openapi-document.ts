import { z } from "zod";
import {
  CALLER_ORIGIN_HEADER,
  CALLER_PROOF_DOMAIN,
  CALLER_PUBLIC_KEY_HEADER,
  CALLER_SIGNATURE_HEADER,
  CALLER_TIMESTAMP_HEADER,
} from "#shared/auth/caller-proof";
import { errorResponseSchema } from "#shared/schemas/error-response";
import {
  executeBodySchema,
  listQuerySchema,
  outcomeReportsResponseSchema,
  paymentBodySchema,
} from "#shared/schemas/gateway";

type JsonSchema = Record<string, unknown>;

const callerProofDescription = `Caller proof: headers ${CALLER_ORIGIN_HEADER} (this gateway's public origin), ${CALLER_PUBLIC_KEY_HEADER} (Ed25519 public key, hex), ${CALLER_TIMESTAMP_HEADER} (Unix seconds, within 5 minutes) and ${CALLER_SIGNATURE_HEADER} (hex Ed25519 signature over the UTF-8 text "${CALLER_PROOF_DOMAIN}\\n" + origin + "\\n" + METHOD + "\\n" + path + "\\n" + timestamp + "\\n" + sha256hex(body)); the key must be userAddress's authentication key; each signature is accepted once.`;

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (id: string) => ({ content: { "application/json": { schema: ref(id) } } });
const answer = (description: string, id: string) => ({ description, ...json(id) });
const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [String(s), answer("Error", "ErrorResponse")]));

function pathParam(name: string, description: string) {
  return { name, in: "path", required: true, description, schema: { type: "string" } };
}

function schemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
  });
  return rest;
}

/** Every schema with a meta id, as OpenAPI components referencing each other by id. */
function components(): Record<string, JsonSchema> {
  // Importing the schemas registered them; the registry holds every schema with a meta id.
  void [executeBodySchema, paymentBodySchema, errorResponseSchema, outcomeReportsResponseSchema];
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    io: "input",
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, s]) => {
      const { $schema: _s, $id: _i, ...rest } = s as JsonSchema;
      return [id, rest];
    }),
  );
}

const idempotencyKey = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Accepted only with a caller proof for userAddress (free processes too). Scoped to (route, userAddress); the same key and body within 24 h return the first answer, another body is 409.",
  schema: { type: "string", maxLength: 255 },
};

/** OpenAPI 3.1, generated from the zod schemas the routes validate with. */
export function openApiDocument(): JsonSchema {
  return {
    openapi: "3.1.0",
    info: {
      title: "agentgate gateway",
      version: "1.0.0",
      description:
        "Register, pay for and run agent processes. Every JSON body carries `success`. Bodies are capped at 1 MiB.",
    },
    paths: {
      "/health": {
        get: { summary: "Health check", responses: { "200": answer("OK", "GatewayHealth") } },
      },
      "/api/execute/{processId}": {
        post: {
          summary: "Execute a process",
          description: `Runs the process's agent once. A process that requires prepayment needs a usable payment of the caller (one payment pays for one attempt) and a caller proof, and runs only when this gateway's operator is among the process's agents (else 403 paid_runs_unavailable). ${callerProofDescription}`,
          parameters: [pathParam("processId", "Process id"), idempotencyKey],
          requestBody: { required: true, ...json("ExecuteBody") },
          responses: {
            "200": answer("The agent completed", "ExecuteSuccess"),
            "400": {
              description:
                "The agent failed (ExecuteFailure), invalid input, inactive process or Payment required",
              content: {
                "application/json": {
                  schema: { oneOf: [ref("ExecuteFailure"), ref("ErrorResponse")] },
                },
              },
            },
            ...errors(401, 403, 404, 409, 413, 500, 502, 503),
          },
        },
      },
      "/api/payment": {
        post: {
          summary: "Pay into escrow with a transaction the payer signed",
          description:
            "Without `signedTransaction` the answer is 400 with `unsignedTransaction` (hex BCS of a make_payment RawTransaction) and `taskId`: sign it and post again with `signedTransaction` (hex BCS SignedTransaction). The gateway never holds a payer's key.",
          parameters: [idempotencyKey],
          requestBody: { required: true, ...json("PaymentBody") },
          responses: {
            "200": answer("Committed: the payment is in escrow", "PaymentResponse"),
            ...errors(400, 401, 404, 409, 413, 500, 503),
          },
        },
      },
      "/api/payment/verify/{processId}/{userAddress}": {
        get: {
          summary: "Whether the user has a payment this gateway can still use",
          parameters: [
            pathParam("processId", "Process id"),
            pathParam("userAddress", "Payer address"),
          ],
          responses: { "200": answer("Verification", "VerifyResponse"), ...errors(400, 500) },
        },
      },
      "/api/process/{processId}": {
        get: {
          summary: "Look a process up",
          parameters: [pathParam("processId", "Process id")],
          responses: { "200": answer("The process", "ProcessResponse"), ...errors(400, 404, 500) },
        },
      },
      "/api/processes": {
        get: {
          summary: "List processes",
          description:
            "Filters are ANDed. Without `limit` at most 1000 matches are returned; `nextCursor` is present when more follow.",
          parameters: Object.entries(listQuerySchema.shape).map(([name, schema]) => ({
            name,
            in: "query",
            required: false,
            schema: schemaOf(schema),
          })),
          responses: { "200": answer("Matching processes", "ProcessList"), ...errors(400, 500) },
        },
      },
      "/api/logs/{processId}/{transactionId}": {
        get: {
          summary: "An execution's log lines, read from the process's agent",
          parameters: [
            pathParam("processId", "Process id"),
            pathParam("transactionId", "Transaction id"),
          ],
          responses: { "200": answer("Logs", "AgentLogs"), ...errors(400, 404, 500, 502) },
        },
      },
      "/api/reports/{processId}": {
        get: {
          summary: "The process's outcome reports not yet on the ledger",
          parameters: [pathParam("processId", "Process id")],
          responses: { "200": answer("Reports", "OutcomeReports"), ...errors(400, 500) },
        },
      },
    },
    components: { schemas: components() },
  };
}
