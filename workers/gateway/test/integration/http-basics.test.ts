import { describe, expect, it } from "vitest";
import { SELF } from "../support/checked-self.js";

const BASE = "https://gateway.test";

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
}

describe("GET /health", () => {
  it("answers 200 with status and an ISO timestamp", async () => {
    const res = await SELF.fetch(`${BASE}/health`);
    expect(res.status).toBe(200);
    const body = await res.json<{ success: boolean; status: string; timestamp: string }>();
    expect(body.success).toBe(true);
    expect(body.status).toBe("ok");
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
  });
});

describe("unknown routes and oversized bodies", () => {
  it("answers an unknown route with 404 JSON carrying success false", async () => {
    const res = await SELF.fetch(`${BASE}/api/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ success: false, code: "route_not_found" });
  });

  it("answers a body over 1 MiB with 413 JSON", async () => {
    const big = JSON.stringify({ userAddress: "0x1", data: { pad: "x".repeat(1024 * 1024) } });
    const res = await post("/api/execute/p1", big);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, code: "payload_too_large" });
  });
});

describe("validation", () => {
  it("names the failing body field of an execute", async () => {
    const res = await post("/api/execute/p1", JSON.stringify({ userAddress: "not-an-address" }));
    expect(res.status).toBe(400);
    const body = await res.json<{ success: boolean; error: string; code: string }>();
    expect(body).toMatchObject({ success: false, code: "validation_failed" });
    expect(body.error).toContain("body.userAddress");
  });

  it("rejects a priority outside 0-3, naming it", async () => {
    const res = await post("/api/execute/p1", JSON.stringify({ userAddress: "0x1", priority: 4 }));
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toContain("body.priority");
  });

  it("rejects malformed JSON with 400 JSON", async () => {
    const res = await post("/api/execute/p1", "{not json");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, code: "invalid_json" });
  });

  it("names a bad process id in the path", async () => {
    const res = await post("/api/execute/bad%20id", JSON.stringify({ userAddress: "0x1" }));
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toContain("param.processId");
  });

  it("names a bad payment body field", async () => {
    const res = await post(
      "/api/payment",
      JSON.stringify({ processId: "p1", amount: "-1", userAddress: "0x1" }),
    );
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toContain("body.amount");
  });

  it("names a bad verify path parameter", async () => {
    const res = await SELF.fetch(`${BASE}/api/payment/verify/p1/zz`);
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toContain("param.userAddress");
  });

  it("names a bad list query parameter", async () => {
    for (const [query, field] of [
      ["status=sleeping", "query.status"],
      ["limit=0", "query.limit"],
      ["owner=xyz", "query.owner"],
    ]) {
      const res = await SELF.fetch(`${BASE}/api/processes?${query}`);
      expect(res.status).toBe(400);
      expect((await res.json<{ error: string }>()).error).toContain(field);
    }
  });

  it("rejects a malformed Idempotency-Key", async () => {
    const res = await post("/api/execute/p1", JSON.stringify({ userAddress: "0x1" }), {
      "idempotency-key": "has space",
    });
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toContain("Idempotency-Key");
  });
});

describe("API description", () => {
  it("serves OpenAPI 3.1 generated from the request schemas", async () => {
    const res = await SELF.fetch(`${BASE}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = await res.json<{
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    }>();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/health",
        "/api/execute/{processId}",
        "/api/payment",
        "/api/payment/verify/{processId}/{userAddress}",
        "/api/process/{processId}",
        "/api/processes",
        "/api/logs/{processId}/{transactionId}",
      ]),
    );
    expect(Object.keys(doc.components.schemas.ExecuteBody?.properties ?? {})).toEqual(
      expect.arrayContaining(["userAddress", "data", "workflowId", "taskId", "priority"]),
    );
  });

  it("has every $ref resolve inside the document (parameters' schemas too)", async () => {
    const doc = await (await SELF.fetch(`${BASE}/openapi.json`)).json<Record<string, unknown>>();
    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node !== null && typeof node === "object") {
        for (const [key, value] of Object.entries(node)) {
          if (key === "$ref" && typeof value === "string") refs.push(value);
          else walk(value);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(0);
    const unresolved = refs.filter((ref) => {
      if (!ref.startsWith("#/")) return true;
      let node: unknown = doc;
      for (const part of ref.slice(2).split("/")) {
        const key = part.replaceAll("~1", "/").replaceAll("~0", "~");
        node =
          node !== null && typeof node === "object"
            ? (node as Record<string, unknown>)[key]
            : undefined;
      }
      return node === undefined;
    });
    expect(unresolved).toEqual([]);
  });

  it("declares 503 on every /api operation and 504 on payment", async () => {
    // 503: configuration_error (deployment check, no operator key) or ledger_unavailable can
    // answer any of them; 504: a payment submitted but not seen committed in time.
    const doc = await (await SELF.fetch(`${BASE}/openapi.json`)).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const missing = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/api/"))
      .flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([, operation]) => !("503" in operation.responses))
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      );
    expect(missing).toEqual([]);
    expect(Object.keys(doc.paths["/api/payment"]?.post?.responses ?? {})).toContain("504");
  });

  it("serves a self-contained reference page at /docs", async () => {
    const res = await SELF.fetch(`${BASE}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain("/api/execute/{processId}");
    expect(html).not.toMatch(/<script[^>]*src=|<link[^>]*href="http/);
  });
});
