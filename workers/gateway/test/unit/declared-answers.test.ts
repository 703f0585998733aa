import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { appError } from "#shared/errors/app-error";
import { verifyResponseSchema } from "#shared/schemas/gateway";
import { encodePaymentResponseHeader } from "#shared/x402/transport";
import { createGatewayApp } from "../../src/app.js";
import { errorAnswer } from "../../src/http/respond.js";
import {
  checkDeclaredAnswer,
  type DeclaredRoute,
  declaredRoutes,
} from "../support/declared-answers.js";

// The check every integration test's SELF runs (support/checked-self.ts), shown failing on
// declarations that do not match what the gateway answers.

const BASE = "https://gateway.test";
const routes = declaredRoutes(createGatewayApp());

function withDeclaration(path: string, edit: (r: DeclaredRoute) => DeclaredRoute["responses"]) {
  return routes.map((r) => (r.path === path ? { ...r, responses: edit(r) } : r));
}

async function answer(path: string) {
  const request = new Request(`${BASE}${path}`);
  return { request, response: await SELF.fetch(request.clone()) };
}

describe("answers checked against their route's declaration", () => {
  it("accepts the gateway's answers as declared", async () => {
    const health = await answer("/health");
    await expect(checkDeclaredAnswer(routes, health.request, health.response)).resolves.toBe(
      undefined,
    );
    const badVerify = await answer("/api/payment/verify/p1/zz");
    expect(badVerify.response.status).toBe(400);
    await expect(checkDeclaredAnswer(routes, badVerify.request, badVerify.response)).resolves.toBe(
      undefined,
    );
  });

  it("fails an answer whose body the declared schema refuses", async () => {
    const wrong = withDeclaration("/health", (r) => ({
      ...r.responses,
      200: { content: { "application/json": { schema: verifyResponseSchema } } },
    }));
    const { request, response } = await answer("/health");
    await expect(checkDeclaredAnswer(wrong, request, response)).rejects.toThrow(
      /GET \/health answered 200 with a body its declared schema refuses: .*verified/,
    );
  });

  it("fails an answer whose status the route does not declare", async () => {
    const wrong = withDeclaration("/api/payment/verify/{processId}/{userAddress}", (r) => {
      const { 400: _dropped, ...rest } = r.responses;
      return rest;
    });
    const { request, response } = await answer("/api/payment/verify/p1/zz");
    await expect(checkDeclaredAnswer(wrong, request, response)).rejects.toThrow(
      "answered 400, a status the route does not declare",
    );
  });

  it("fails an answer carrying an x402 header its status does not declare", async () => {
    const wrong = withDeclaration("/api/payment", (r) => ({
      ...r.responses,
      402: { ...r.responses[402], headers: { shape: {} } },
    }));
    const request = new Request(`${BASE}/api/payment`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ processId: "p1", amount: "1", userAddress: `0x${"ab".repeat(32)}` }),
    });
    const response = new Response(JSON.stringify({}), {
      status: 402,
      headers: { "PAYMENT-REQUIRED": "e30=" },
    });
    await expect(checkDeclaredAnswer(routes, request, response.clone())).rejects.toThrow(
      "its declared schema refuses",
    );
    await expect(checkDeclaredAnswer(wrong, request, response)).rejects.toThrow(
      "with a PAYMENT-REQUIRED header the route does not declare for it",
    );
  });

  it("declares PAYMENT-RESPONSE on a pay-and-run refused (409) or unconfirmed (503) by the run claim", async () => {
    // The x402 payment committed before the run claim on the ledger failed (docs/gateway.md, step 10).
    const receipt = encodePaymentResponseHeader({
      success: true,
      transaction: `0x${"ef".repeat(32)}`,
      network: "aptos:4",
    });
    for (const code of ["payment_claimed_elsewhere", "ledger_unavailable"] as const) {
      const refused = errorAnswer(appError(code), { processId: "p1" });
      const request = new Request(`${BASE}/api/execute/p1`, { method: "POST" });
      const response = new Response(JSON.stringify(refused.body), {
        status: refused.status,
        headers: { "content-type": "application/json", "PAYMENT-RESPONSE": receipt },
      });
      await expect(checkDeclaredAnswer(routes, request, response)).resolves.toBe(undefined);
    }
  });
});
