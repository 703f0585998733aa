import { describe, expect, it } from "vitest";
import {
  AGENT_SIGNATURE_HEADER,
  AGENT_TIMESTAMP_HEADER,
  signAgentRequest,
} from "../../../shared/src/auth/agent-signature.js";
import { agentExecuteSuccessSchema } from "../../../shared/src/schemas/agent.js";
import {
  agentRequest,
  executeRequest,
  fetchEcho,
  jsonBody,
  SECRET,
  signedExecuteRequest,
} from "./helpers.js";

const withSecret = { AGENT_SECRET: SECRET };
const now = () => Math.floor(Date.now() / 1000);

describe("HMAC check when AGENT_SECRET is set", () => {
  it("accepts an execute signed by the gateway's secret", async () => {
    const request = agentRequest({ data: { signed: true } });
    const response = await fetchEcho(await signedExecuteRequest(request), withSecret);
    expect(response.status).toBe(200);
    expect(agentExecuteSuccessSchema.parse(await response.json()).result.echo).toEqual({
      signed: true,
    });
  });

  it("answers 401 to an unsigned execute, without running it", async () => {
    const request = agentRequest({ data: { log: ["must not run"] } });
    const response = await fetchEcho(executeRequest(request), withSecret);
    expect(response.status).toBe(401);
    expect(await jsonBody(response)).toMatchObject({
      success: false,
      code: "unauthorized",
      details: { reason: "missing_signature" },
    });
    const logs = await fetchEcho(
      new Request(`http://agent/logs/${request.transactionId}`, {
        headers: await signAgentRequest({
          secret: SECRET,
          timestamp: now(),
          transactionId: request.transactionId,
          body: "",
        }),
      }),
      withSecret,
    );
    expect(logs.status).toBe(404);
  });

  it("answers 401 to a signature made with another secret", async () => {
    const request = agentRequest();
    const signed = await signedExecuteRequest(request, {
      secret: "another-secret-of-32-characters!!",
    });
    const response = await fetchEcho(signed, withSecret);
    expect(response.status).toBe(401);
    expect(await jsonBody(response)).toMatchObject({ details: { reason: "bad_signature" } });
  });

  it("answers 401 when the body was changed after signing", async () => {
    const request = agentRequest({ data: { amount: 1 } });
    const signed = await signedExecuteRequest(request);
    const tampered = executeRequest(
      { ...request, data: { amount: 1_000 } },
      {
        [AGENT_TIMESTAMP_HEADER]: signed.headers.get(AGENT_TIMESTAMP_HEADER) ?? "",
        [AGENT_SIGNATURE_HEADER]: signed.headers.get(AGENT_SIGNATURE_HEADER) ?? "",
      },
    );
    const response = await fetchEcho(tampered, withSecret);
    expect(response.status).toBe(401);
  });

  it("answers 401 to a signature older than five minutes", async () => {
    const request = agentRequest();
    const stale = await signedExecuteRequest(request, { timestamp: now() - 301 });
    const response = await fetchEcho(stale, withSecret);
    expect(response.status).toBe(401);
    expect(await jsonBody(response)).toMatchObject({ details: { reason: "stale_timestamp" } });
  });

  it("answers 401 before saying anything about a body that is not JSON", async () => {
    const response = await fetchEcho(executeRequest("{oops"), withSecret);
    expect(response.status).toBe(401);
  });

  it("guards /logs the same way, signed over the transaction id and an empty body", async () => {
    const request = agentRequest({ data: { log: ["private"] } });
    expect((await fetchEcho(await signedExecuteRequest(request), withSecret)).status).toBe(200);
    const url = `http://agent/logs/${request.transactionId}`;
    expect((await fetchEcho(new Request(url), withSecret)).status).toBe(401);
    const headers = await signAgentRequest({
      secret: SECRET,
      timestamp: now(),
      transactionId: request.transactionId,
      body: "",
    });
    const response = await fetchEcho(new Request(url, { headers }), withSecret);
    expect(response.status).toBe(200);
  });

  it("leaves /health and /info open", async () => {
    expect((await fetchEcho(new Request("http://agent/health"), withSecret)).status).toBe(200);
    expect((await fetchEcho(new Request("http://agent/info"), withSecret)).status).toBe(200);
  });

  it("refuses to start with a secret shorter than 32 characters", async () => {
    const response = await fetchEcho(new Request("http://agent/health"), { AGENT_SECRET: "short" });
    expect(response.status).toBe(500);
    const body = await jsonBody(response);
    expect(body.error).toContain("AGENT_SECRET");
    expect(body.error).not.toContain("short");
  });
});
