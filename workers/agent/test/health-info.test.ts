import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { agentHealthResponseSchema, agentInfoResponseSchema } from "#shared/schemas/agent";
import { fetchEcho, jsonBody, PROCESS_ID } from "./helpers.js";

describe("GET /health", () => {
  it("reports status, the configured process, uptime, memory as the runtime reports it, and a timestamp", async () => {
    const response = await SELF.fetch("http://agent/health");
    expect(response.status).toBe(200);
    const body = agentHealthResponseSchema.parse(await response.json());
    expect(body.status).toBe("ok");
    expect(body.process).toEqual({ id: PROCESS_ID, name: "Echo (tests)" });
    expect(body.uptime).toBeGreaterThanOrEqual(0);
    // workerd reports 0 for all four; the agent passes that on instead of inventing figures.
    expect(body.memory).toEqual({ rss: 0, heapTotal: 0, heapUsed: 0, external: 0 });
    expect(Date.parse(body.timestamp)).not.toBeNaN();
  });
});

describe("GET /info", () => {
  it("lists the process, its workflows with default first, and uptime", async () => {
    const response = await SELF.fetch("http://agent/info");
    expect(response.status).toBe(200);
    const body = agentInfoResponseSchema.parse(await response.json());
    expect(body.process).toEqual({ id: PROCESS_ID, name: "Echo (tests)" });
    expect(body.workflows).toEqual(["default", "echo"]);
    expect(body.uptime).toBeGreaterThanOrEqual(0);
  });

  it("takes id, name and workflows from the deployment's vars", async () => {
    const response = await fetchEcho(new Request("http://agent/info"), {
      AGENT_PROCESS_ID: "renamed",
      AGENT_PROCESS_NAME: "Renamed",
      AGENT_WORKFLOWS: "a, b,default",
    });
    const body = agentInfoResponseSchema.parse(await response.json());
    expect(body.process).toEqual({ id: "renamed", name: "Renamed" });
    expect(body.workflows).toEqual(["default", "a", "b"]);
  });
});

describe("uptime", () => {
  const metadata = (id: string) => ({ id, tag: "", timestamp: new Date().toISOString() });
  const uptimeOf = async (vars: Record<string, unknown>) => {
    const body = agentInfoResponseSchema.parse(
      await (await fetchEcho(new Request("http://agent/info"), vars)).json(),
    );
    return body.uptime;
  };

  it("counts from when the current version first started, not from the isolate", async () => {
    const processVars = { AGENT_PROCESS_ID: "uptime-version-change" };
    const stub = env.AGENT_DO.getByName("uptime-version-change");
    // Version v1 started an hour ago (recorded by an earlier isolate).
    await stub.versionStartedAt({ versionId: "v1", now: Date.now() - 3_600_000 });
    const v1 = await uptimeOf({ ...processVars, CF_VERSION_METADATA: metadata("v1") });
    expect(v1).toBeGreaterThanOrEqual(3_600);
    expect(v1).toBeLessThan(3_700);

    // A new version starts its own count; the old one keeps its start.
    const v2 = await uptimeOf({ ...processVars, CF_VERSION_METADATA: metadata("v2") });
    expect(v2).toBeLessThan(60);
    const v1Again = await uptimeOf({ ...processVars, CF_VERSION_METADATA: metadata("v1") });
    expect(v1Again).toBeGreaterThanOrEqual(3_600);
  });

  it("uses AGENT_VERSION when the Worker has no version metadata binding", async () => {
    const processVars = { AGENT_PROCESS_ID: "uptime-configured-version" };
    const stub = env.AGENT_DO.getByName("uptime-configured-version");
    await stub.versionStartedAt({ versionId: "1.4.0", now: Date.now() - 120_000 });
    const old = await uptimeOf({
      ...processVars,
      CF_VERSION_METADATA: undefined,
      AGENT_VERSION: "1.4.0",
    });
    expect(old).toBeGreaterThanOrEqual(120);
    const fresh = await uptimeOf({
      ...processVars,
      CF_VERSION_METADATA: undefined,
      AGENT_VERSION: "1.5.0",
    });
    expect(fresh).toBeLessThan(60);
  });
});

describe("unknown routes and configuration", () => {
  it("answers an unknown route with 404 JSON", async () => {
    for (const [method, path] of [
      ["GET", "/nope"],
      ["GET", "/execute"],
      ["DELETE", "/health"],
    ] as const) {
      const response = await SELF.fetch(`http://agent${path}`, { method });
      expect(response.status).toBe(404);
      expect(await jsonBody(response)).toMatchObject({ success: false, code: "route_not_found" });
    }
  });

  it("answers 503 with the invalid var named, and no stack, when the configuration is invalid", async () => {
    const response = await fetchEcho(new Request("http://agent/health"), {
      AGENT_TIMEOUT_MS: "soon",
    });
    expect(response.status).toBe(503);
    const body = await jsonBody(response);
    expect(body).toMatchObject({ success: false, code: "configuration_error" });
    expect(body.error).toContain("AGENT_TIMEOUT_MS");
    expect(JSON.stringify(body)).not.toMatch(/\bat .*\.ts:\d+/);
  });
});
