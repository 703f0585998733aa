import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { agentExecuteSuccessSchema } from "#shared/schemas/agent";
import {
  agentRequest,
  executeRequest,
  fetchEcho,
  jsonBody,
  OTHER_OWNER,
  signedExecuteRequest,
  signedLogsRequest,
  signerOf,
} from "./helpers.js";

/**
 * The doors of issue 13 into an agent, as an attacker tried them (each succeeded before agents
 * checked the gateway's Ed25519 signature): docs/agent.md, "Gateway signatures".
 */
describe("attacks on an agent", () => {
  it("a request forged with a key other than the gateway's runs nothing", async () => {
    // Another agent's operator (or anyone) signs with a key of its own.
    const forger = signerOf(`0x${"07".repeat(32)}`);
    const request = agentRequest({ data: { log: ["forged"] } });
    const response = await SELF.fetch(await signedExecuteRequest(request, { signer: forger }));
    expect(response.status).toBe(401);
    expect(await jsonBody(response)).toMatchObject({
      success: false,
      code: "unauthorized",
      details: { reason: "unknown_key" },
    });
    const logs = await SELF.fetch(await signedLogsRequest(request.transactionId));
    expect(logs.status).toBe(404);
  });

  it("an unsigned request to an agent with no gateway key configured is refused with 503", async () => {
    const request = agentRequest({ data: { log: ["unsigned"] } });
    const response = await fetchEcho(executeRequest(request), { AGENT_GATEWAY_PUBLIC_KEYS: "" });
    expect(response.status).toBe(503);
    expect(await jsonBody(response)).toMatchObject({
      success: false,
      code: "configuration_error",
    });
  });

  it("a genuine gateway request for a process another owner registered (squatting) runs nothing", async () => {
    // Another account registered this process id; the gateway signs for that account.
    const request = agentRequest({ data: { log: ["squatted"] } });
    const response = await SELF.fetch(
      await signedExecuteRequest(request, { ownerAddress: OTHER_OWNER }),
    );
    expect(response.status).toBe(403);
    expect(await jsonBody(response)).toMatchObject({
      code: "forbidden",
      details: { reason: "wrong_owner" },
    });
    const logs = await SELF.fetch(await signedLogsRequest(request.transactionId));
    expect(logs.status).toBe(404);
  });

  it("a replayed signed request does not run the handler again, even with recording off", async () => {
    const request = agentRequest({ data: {} });
    const vars = { AGENT_RECORD_TRANSACTIONS: "false" };
    const signed = await signedExecuteRequest(request);
    const first = await fetchEcho(signed.clone(), vars);
    expect(first.status).toBe(200);
    agentExecuteSuccessSchema.parse(await first.json());
    const replayed = await fetchEcho(signed, vars);
    expect(replayed.status).toBe(409);
    expect(await jsonBody(replayed)).toMatchObject({ code: "conflict" });
  });

  it("an unsigned log read is refused", async () => {
    const request = agentRequest({ data: { log: ["a secret line"] } });
    expect((await SELF.fetch(await signedExecuteRequest(request))).status).toBe(200);
    const response = await SELF.fetch(`http://agent/logs/${request.transactionId}`);
    expect(response.status).toBe(401);
    expect(JSON.stringify(await response.json())).not.toContain("a secret line");
  });
});
