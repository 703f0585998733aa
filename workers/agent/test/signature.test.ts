import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AGENT_SIGNATURE_HEADER } from "#shared/auth/agent-signature";
import { agentExecuteSuccessSchema, agentHealthResponseSchema } from "#shared/schemas/agent";
import {
  agentRequest,
  executeRequest,
  fetchEcho,
  GATEWAY_PUBLIC_KEY,
  jsonBody,
  NEXT_GATEWAY_PUBLIC_KEY,
  NEXT_GATEWAY_SEED,
  PROCESS_ID,
  signedExecuteRequest,
  signedLogsRequest,
  signerOf,
} from "./helpers.js";

const now = () => Math.floor(Date.now() / 1000);
const wasTaken = (transactionId: string) =>
  env.AGENT_DO.getByName(PROCESS_ID).wasTaken({ transactionId });

describe("gateway signatures (the test config sets AGENT_GATEWAY_PUBLIC_KEYS and AGENT_OWNER_ADDRESS)", () => {
  it("runs an execute signed by the gateway's key for this process and owner", async () => {
    const request = agentRequest({ data: { signed: true } });
    const response = await fetchEcho(await signedExecuteRequest(request));
    expect(response.status).toBe(200);
    expect(agentExecuteSuccessSchema.parse(await response.json()).result.echo).toEqual({
      signed: true,
    });
  });

  it("answers 401 to an unsigned execute, without taking its transactionId", async () => {
    const request = agentRequest({ data: { log: ["must not run"] } });
    const response = await fetchEcho(executeRequest(request));
    expect(response.status).toBe(401);
    expect(await jsonBody(response)).toMatchObject({
      success: false,
      code: "unauthorized",
      details: { reason: "missing_signature" },
      executionTime: 0,
      logs: [],
    });
    expect(await wasTaken(request.transactionId)).toBe(false);
  });

  it("answers 401 when the body was changed after signing", async () => {
    const request = agentRequest({ data: { amount: 1 } });
    const signed = await signedExecuteRequest(request);
    const tampered = executeRequest(
      { ...request, data: { amount: 1_000 } },
      Object.fromEntries(signed.headers),
    );
    const response = await fetchEcho(tampered);
    expect(response.status).toBe(401);
    expect(await jsonBody(response)).toMatchObject({ details: { reason: "bad_signature" } });
    expect(await wasTaken(request.transactionId)).toBe(false);
  });

  it("answers 401 to a signature older than five minutes", async () => {
    const stale = await signedExecuteRequest(agentRequest(), { timestamp: now() - 301 });
    const response = await fetchEcho(stale);
    expect(response.status).toBe(401);
    expect(await jsonBody(response)).toMatchObject({ details: { reason: "stale_timestamp" } });
  });

  it("answers 403 to the gateway's request for another process", async () => {
    const request = agentRequest();
    const response = await fetchEcho(
      await signedExecuteRequest(request, { processId: "someone-else" }),
    );
    expect(response.status).toBe(403);
    expect(await jsonBody(response)).toMatchObject({
      code: "forbidden",
      details: { reason: "wrong_process" },
    });
  });

  it("answers 401 before saying anything about a body that is not JSON", async () => {
    expect((await fetchEcho(executeRequest("{oops"))).status).toBe(401);
    // Signed, the same body gets its real answer.
    const response = await fetchEcho(await signedExecuteRequest("{oops"));
    expect(response.status).toBe(400);
    expect(await jsonBody(response)).toMatchObject({ code: "invalid_json" });
  });

  it("guards /logs: signed for that transaction only", async () => {
    const request = agentRequest({ data: { log: ["private"] } });
    expect((await fetchEcho(await signedExecuteRequest(request))).status).toBe(200);
    const url = `http://agent/logs/${request.transactionId}`;
    expect((await fetchEcho(new Request(url))).status).toBe(401);
    // A signed read of another transaction does not open this one.
    const other = await signedLogsRequest("another-transaction");
    const reused = await fetchEcho(new Request(url, { headers: other.headers }));
    expect(reused.status).toBe(401);
    const response = await fetchEcho(await signedLogsRequest(request.transactionId));
    expect(response.status).toBe(200);
  });

  it("accepts any configured key, for rotation", async () => {
    const keys = { AGENT_GATEWAY_PUBLIC_KEYS: `${GATEWAY_PUBLIC_KEY}, ${NEXT_GATEWAY_PUBLIC_KEY}` };
    const next = signerOf(NEXT_GATEWAY_SEED);
    for (const options of [{}, { signer: next }]) {
      const response = await fetchEcho(await signedExecuteRequest(agentRequest(), options), keys);
      expect(response.status).toBe(200);
    }
    // Without the new key configured, its signature is refused.
    const response = await fetchEcho(await signedExecuteRequest(agentRequest(), { signer: next }));
    expect(response.status).toBe(401);
  });

  it("leaves /health and /info open", async () => {
    const health = await fetchEcho(new Request("http://agent/health"));
    expect(health.status).toBe(200);
    expect(agentHealthResponseSchema.parse(await health.json())).toMatchObject({
      status: "ok",
      gatewayAuth: { mode: "signed", keys: 1 },
    });
    expect((await fetchEcho(new Request("http://agent/info"))).status).toBe(200);
  });
});

describe("an agent without a gateway key fails closed", () => {
  const unconfigured = { AGENT_GATEWAY_PUBLIC_KEYS: "", AGENT_OWNER_ADDRESS: "" };

  it("answers 503 on every route but /health, which says why", async () => {
    const health = await fetchEcho(new Request("http://agent/health"), unconfigured);
    expect(health.status).toBe(200);
    const body = agentHealthResponseSchema.parse(await health.json());
    expect(body.status).toBe("not_configured");
    expect(body.gatewayAuth).toMatchObject({ mode: "not_configured", keys: 0 });
    expect(body.gatewayAuth?.problem).toContain("AGENT_GATEWAY_PUBLIC_KEYS");
    const request = agentRequest();
    for (const probe of [
      executeRequest(request),
      await signedExecuteRequest(request),
      new Request("http://agent/info"),
      new Request(`http://agent/logs/${request.transactionId}`),
      new Request("http://agent/nowhere"),
    ]) {
      const response = await fetchEcho(probe, unconfigured);
      expect(response.status).toBe(503);
      const answer = await jsonBody(response);
      expect(answer).toMatchObject({ success: false, code: "configuration_error" });
      expect(answer.error).toContain("AGENT_GATEWAY_PUBLIC_KEYS");
    }
    expect(await wasTaken(request.transactionId)).toBe(false);
  });

  it.each([
    ["a key of bad form", { AGENT_GATEWAY_PUBLIC_KEYS: "not-a-key" }, "AGENT_GATEWAY_PUBLIC_KEYS"],
    [
      "a key among good ones that is of bad form",
      { AGENT_GATEWAY_PUBLIC_KEYS: `${GATEWAY_PUBLIC_KEY},0x1234` },
      "AGENT_GATEWAY_PUBLIC_KEYS",
    ],
    ["a key without an owner", { AGENT_OWNER_ADDRESS: "" }, "AGENT_OWNER_ADDRESS"],
    ["an owner of bad form", { AGENT_OWNER_ADDRESS: "0xnope" }, "AGENT_OWNER_ADDRESS"],
    ["the removed HMAC secret", { AGENT_SECRET: "s".repeat(40) }, "AGENT_SECRET"],
  ])("refuses to serve with %s, naming the var", async (_, vars, name) => {
    for (const path of ["/health", "/execute"]) {
      const response = await fetchEcho(new Request(`http://agent${path}`), vars);
      expect(response.status).toBe(503);
      const body = await jsonBody(response);
      expect(body).toMatchObject({ success: false, code: "configuration_error" });
      expect(body.error).toContain(name);
      expect(body.error).not.toContain("ssssssss");
    }
  });
});

describe("AGENT_ALLOW_UNSIGNED_LOOPBACK (development only)", () => {
  const loopbackOnly = {
    AGENT_GATEWAY_PUBLIC_KEYS: "",
    AGENT_OWNER_ADDRESS: "",
    AGENT_ALLOW_UNSIGNED_LOOPBACK: "true",
  };
  const unsignedTo = (origin: string, headers: Record<string, string> = {}) =>
    new Request(`${origin}/execute`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(agentRequest()),
    });

  it.each(["http://127.0.0.1:8787", "http://localhost:8787", "http://[::1]:8787"])(
    "runs an unsigned call to %s",
    async (origin) => {
      expect((await fetchEcho(unsignedTo(origin), loopbackOnly)).status).toBe(200);
    },
  );

  it("refuses an unsigned call to any other host, or relayed from a remote client", async () => {
    for (const request of [
      unsignedTo("http://agent"),
      unsignedTo("https://my-agent.example.workers.dev"),
      unsignedTo("http://127.0.0.1:8787", { "cf-connecting-ip": "203.0.113.9" }),
    ]) {
      const response = await fetchEcho(request, loopbackOnly);
      expect(response.status).toBe(401);
      expect(await jsonBody(response)).toMatchObject({ details: { reason: "not_loopback" } });
    }
  });

  it("still checks a signed call against the configured key when there is one", async () => {
    const withKey = { AGENT_ALLOW_UNSIGNED_LOOPBACK: "true" };
    const forged = await signedExecuteRequest(agentRequest(), {
      signer: signerOf(`0x${"07".repeat(32)}`),
    });
    const onLoopback = new Request(forged.url.replace("http://agent", "http://127.0.0.1"), forged);
    expect((await fetchEcho(onLoopback, withKey)).status).toBe(401);
    expect(onLoopback.headers.has(AGENT_SIGNATURE_HEADER)).toBe(true);
  });
});
