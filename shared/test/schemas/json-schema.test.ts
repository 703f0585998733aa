import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as agent from "#shared/schemas/agent";
import { errorResponseSchema } from "#shared/schemas/error-response";
import * as gateway from "#shared/schemas/gateway";

// The API docs are generated from these schemas; a transform in a response schema would make
// that generation throw, so every response must render as JSON Schema.
const responses = {
  healthResponseSchema: gateway.healthResponseSchema,
  executeSuccessResponseSchema: gateway.executeSuccessResponseSchema,
  executeFailureResponseSchema: gateway.executeFailureResponseSchema,
  paymentResponseSchema: gateway.paymentResponseSchema,
  verifyResponseSchema: gateway.verifyResponseSchema,
  processResponseSchema: gateway.processResponseSchema,
  processListResponseSchema: gateway.processListResponseSchema,
  errorResponseSchema,
  agentHealthResponseSchema: agent.agentHealthResponseSchema,
  agentInfoResponseSchema: agent.agentInfoResponseSchema,
  agentExecuteResponseSchema: agent.agentExecuteResponseSchema,
  agentLogsResponseSchema: agent.agentLogsResponseSchema,
};

const requests = {
  executeBodySchema: gateway.executeBodySchema,
  paymentBodySchema: gateway.paymentBodySchema,
  listQuerySchema: gateway.listQuerySchema,
  agentRequestSchema: agent.agentRequestSchema,
};

describe("JSON Schema rendering for API docs", () => {
  for (const [name, schema] of Object.entries(responses)) {
    it(`renders ${name} with success as a required field`, () => {
      const json = z.toJSONSchema(schema);
      expect(JSON.stringify(json)).toContain('"success"');
    });
  }

  for (const [name, schema] of Object.entries(requests)) {
    it(`renders the input side of ${name}`, () => {
      expect(() => z.toJSONSchema(schema, { io: "input" })).not.toThrow();
    });
  }

  it("renders the payment amount as a string", () => {
    const json = z.toJSONSchema(gateway.paymentBodySchema, { io: "input" });
    const body = json.$defs?.PaymentBody as { properties: Record<string, { type?: string }> };
    expect(json.$ref).toBe("#/$defs/PaymentBody");
    expect(body.properties.amount?.type).toBe("string");
  });
});
