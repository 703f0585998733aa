import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEVNODE_MODULE_ADDRESS } from "#shared/contract/devnode";
import { createGatewayApp } from "../../src/app.js";
import { deploymentProblem } from "../../src/http/deployment-check.js";

const REAL_ADDRESS = `0x${"5".repeat(64)}`;
const { LEDGER: _ledger, ...withoutLedger } = env;

/** The gateway app under `vars`, on top of the test env (which has the devnode binding). */
async function call(path: string, vars: Record<string, unknown>) {
  const app = createGatewayApp();
  const response = await app.fetch(
    new Request(`https://gateway.test${path}`),
    { ...env, ...vars },
    createExecutionContext(),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("the gateway refuses devnode settings on a real network (issue 13, door 4)", () => {
  for (const network of ["mainnet", "testnet", "devnet"]) {
    it(`answers 503 on every route but /health with the devnode's module address on ${network}`, async () => {
      const vars = { ...withoutLedger, LEDGER: undefined, NETWORK: network };
      for (const address of [
        DEVNODE_MODULE_ADDRESS,
        DEVNODE_MODULE_ADDRESS.toUpperCase().replace("0X", "0x"),
      ]) {
        for (const path of [
          "/api/processes",
          "/api/process/x",
          "/docs",
          "/openapi.json",
          "/nope",
        ]) {
          const { status, body } = await call(path, { ...vars, MODULE_ADDRESS: address });
          expect(status, path).toBe(503);
          expect(body).toMatchObject({ success: false, code: "configuration_error" });
          expect(String(body.error)).toContain("MODULE_ADDRESS is the devnode's");
        }
      }
      const health = await call("/health", { ...vars, MODULE_ADDRESS: DEVNODE_MODULE_ADDRESS });
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ success: false, status: "misconfigured" });
      expect(String(health.body.error)).toContain("MODULE_ADDRESS is the devnode's");
    });
  }

  it("refuses a LEDGER (devnode) binding on a real network, whatever the module address", async () => {
    const { status, body } = await call("/api/processes", {
      NETWORK: "testnet",
      MODULE_ADDRESS: REAL_ADDRESS,
    });
    expect(status).toBe(503);
    expect(String(body.error)).toContain("LEDGER");
  });

  it("answers ledger routes 503 until MODULE_ADDRESS is set, and still serves /health and /docs", async () => {
    const vars = { LEDGER: undefined, NETWORK: "testnet", MODULE_ADDRESS: "" };
    const api = await call("/api/processes", vars);
    expect(api.status).toBe(503);
    expect(api.body).toMatchObject({ code: "configuration_error" });
    expect(String(api.body.error)).toContain("MODULE_ADDRESS is not set");
    expect((await call("/openapi.json", vars)).status).toBe(200);
    const health = await call("/health", vars);
    expect(health.body).toMatchObject({ status: "misconfigured" });
  });

  it("serves as before on the local stack's settings", async () => {
    const health = await call("/health", {});
    expect(health.body).toMatchObject({ success: true, status: "ok" });
  });
});

describe("deploymentProblem", () => {
  it("accepts a real network with its own module address and no devnode binding", () => {
    expect(deploymentProblem({ NETWORK: "mainnet", MODULE_ADDRESS: REAL_ADDRESS })).toBeNull();
  });

  it("accepts the devnode's address on local or on a custom node URL (a devnode elsewhere)", () => {
    expect(
      deploymentProblem({ NETWORK: "local", MODULE_ADDRESS: DEVNODE_MODULE_ADDRESS }),
    ).toBeNull();
    expect(deploymentProblem({ NETWORK: "local", MODULE_ADDRESS: "" })).toBeNull();
    expect(
      deploymentProblem({ NETWORK: "custom", MODULE_ADDRESS: DEVNODE_MODULE_ADDRESS }),
    ).toBeNull();
  });

  it("names a module address that is not an address", () => {
    expect(deploymentProblem({ NETWORK: "testnet", MODULE_ADDRESS: "0xzz" })).toMatchObject({
      scope: "ledger",
    });
  });
});
