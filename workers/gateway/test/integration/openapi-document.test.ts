import { describe, expect, it } from "vitest";
import { SELF } from "../support/checked-self.js";
import { GATEWAY } from "../support/ledger-fixtures.js";

type Operation = {
  parameters?: { name: string; in: string; schema?: { pattern?: string } }[];
  requestBody?: unknown;
  security?: Record<string, string[]>[];
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, unknown> }
  >;
};
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
};

async function document(): Promise<Doc> {
  const res = await SELF.fetch(`${GATEWAY}/openapi.json`);
  expect(res.status).toBe(200);
  return res.json<Doc>();
}

describe("the OpenAPI document generated from the routes", () => {
  it("lists only the schemas the gateway's routes reference", async () => {
    const doc = await document();
    expect(Object.keys(doc.components.schemas).sort()).toEqual(
      [
        "AgentLogs",
        "ErrorResponse",
        "ExecuteBody",
        "ExecuteFailure",
        "ExecuteSuccess",
        "GatewayHealth",
        "OutcomeReports",
        "PaymentBody",
        "PaymentRequiredResponse",
        "PaymentResponse",
        "Pricing",
        "Process",
        "ProcessList",
        "ProcessResponse",
        "ProcessSchema",
        "ProcessStats",
        "ProcessStatus",
        "RunAccepted",
        "RunProgress",
        "RunStatus",
        "Stats",
        "StatsList",
        "VerifyResponse",
      ].sort(),
    );
  });

  it("documents the caller-proof and Idempotency-Key headers and the path patterns", async () => {
    const doc = await document();
    for (const [path, method] of [
      ["/api/execute/{processId}", "post"],
      ["/api/payment", "post"],
    ] as const) {
      const headers = (doc.paths[path]?.[method]?.parameters ?? [])
        .filter((p) => p.in === "header")
        .map((p) => p.name);
      expect(headers).toEqual(
        expect.arrayContaining([
          "idempotency-key",
          "x-agentgate-caller-origin",
          "x-agentgate-caller-public-key",
          "x-agentgate-caller-timestamp",
          "x-agentgate-caller-signature",
        ]),
      );
    }
    const processId = doc.paths["/api/process/{processId}"]?.get?.parameters?.find(
      (p) => p.name === "processId" && p.in === "path",
    );
    expect(processId?.schema?.pattern).toBe("^[A-Za-z0-9._-]{1,64}$");
  });

  it("declares a ledger refusal's and an unreachable ledger's statuses on every ledger route", async () => {
    const doc = await document();
    for (const [path, method] of [
      ["/api/execute/{processId}", "post"],
      ["/api/payment", "post"],
      ["/api/payment/verify/{processId}/{userAddress}", "get"],
      ["/api/process/{processId}", "get"],
      ["/api/logs/{processId}/{transactionId}", "get"],
      ["/api/stats/{processId}", "get"],
    ] as const) {
      const statuses = Object.keys(doc.paths[path]?.[method]?.responses ?? {});
      expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(["400", "404", "503"]));
    }
  });

  it("documents x402 on both paid routes: PAYMENT-SIGNATURE in, 402 with PAYMENT-REQUIRED, PAYMENT-RESPONSE out", async () => {
    const doc = await document();
    for (const [path, method] of [
      ["/api/execute/{processId}", "post"],
      ["/api/payment", "post"],
    ] as const) {
      const operation = doc.paths[path]?.[method];
      const headers = (operation?.parameters ?? []).filter((p) => p.in === "header");
      expect(headers.map((p) => p.name)).toContain("payment-signature");
      const responses = operation?.responses ?? {};
      expect(Object.keys(responses["402"]?.headers ?? {})).toEqual(
        expect.arrayContaining(["PAYMENT-REQUIRED", "PAYMENT-RESPONSE"]),
      );
      expect(Object.keys(responses["200"]?.headers ?? {})).toContain("PAYMENT-RESPONSE");
    }
    const spec400 = doc.paths["/api/execute/{processId}"]?.post?.responses["400"]?.headers ?? {};
    expect(Object.keys(spec400)).toContain("PAYMENT-REQUIRED");
  });

  it("declares the run routes: the access token or the caller proof, SSE, every refusal", async () => {
    const doc = await document();
    expect(doc.components.securitySchemes?.runAccessToken).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    for (const [path, method, extra] of [
      ["/api/runs/{transactionId}", "get", []],
      ["/api/runs/{transactionId}/events", "get", []],
      ["/api/runs/{transactionId}/cancel", "post", ["409"]],
    ] as const) {
      const operation = doc.paths[path]?.[method];
      expect(operation?.security, `${method} ${path}`).toEqual([{ runAccessToken: [] }]);
      const headers = (operation?.parameters ?? []).filter((p) => p.in === "header");
      expect(headers.map((p) => p.name)).toEqual(
        expect.arrayContaining([
          "x-agentgate-caller-origin",
          "x-agentgate-caller-public-key",
          "x-agentgate-caller-timestamp",
          "x-agentgate-caller-signature",
        ]),
      );
      const id = operation?.parameters?.find((p) => p.name === "transactionId");
      expect(id?.schema?.pattern).toMatch(/^\^\[0-9a-f\]\{8\}-/);
      expect(Object.keys(operation?.responses ?? {})).toEqual(
        expect.arrayContaining(["200", "400", "401", "403", "404", ...extra]),
      );
    }
    const events = doc.paths["/api/runs/{transactionId}/events"]?.get;
    expect(Object.keys(events?.responses["200"]?.content ?? {})).toEqual(["text/event-stream"]);
    expect(events?.parameters?.map((p) => p.name)).toContain("last-event-id");
  });
});
