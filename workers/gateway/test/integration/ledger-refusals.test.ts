import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createGatewayApp } from "../../src/app.js";
import { checkDeclaredAnswer, declaredRoutes } from "../support/declared-answers.js";
import { GATEWAY } from "../support/ledger-fixtures.js";

// The gateway answers a ledger's refusal as a 4xx and an unreachable ledger as a 503 on every
// route that reads the ledger, from the one onError (docs/gateway.md, "Errors"); never a 500.

const app = createGatewayApp();
const routes = declaredRoutes(app);

// No package is published at this address on the devnode: every view of it is refused there.
const UNPUBLISHED_MODULE = `0x${"ab".repeat(32)}`;

type Overrides = Record<string, unknown>;

/** The gateway over the real devnode binding, with the deployment settings overridden. */
async function ask(overrides: Overrides, path: string, init: RequestInit = {}) {
  const request = new Request(`${GATEWAY}${path}`, init);
  const response = await app.fetch(
    request.clone(),
    { ...env, ...overrides } as GatewayEnv,
    createExecutionContext(),
  );
  await checkDeclaredAnswer(routes, request, response);
  return response;
}

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

const LEDGER_ROUTES: [string, string, RequestInit?][] = [
  ["GET /api/process", "/api/process/refused-p1"],
  ["POST /api/execute", "/api/execute/refused-p1", json({ userAddress: "0x1" })],
  ["GET /api/logs", "/api/logs/refused-p1/tx-1"],
  ["GET /api/payment/verify", "/api/payment/verify/refused-p1/0x1"],
  [
    "POST /api/payment",
    "/api/payment",
    json({ processId: "refused-p1", amount: "1000", userAddress: "0x1" }),
  ],
];

describe("a ledger that refuses the gateway's request", () => {
  for (const [name, path, init] of LEDGER_ROUTES) {
    it(`${name} answers 4xx JSON, not 500`, async () => {
      const res = await ask({ MODULE_ADDRESS: UNPUBLISHED_MODULE }, path, init);
      const body = await res.json<{ success: boolean; code: string }>();
      expect({ status: res.status, body }).toMatchObject({ body: { success: false } });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
    });
  }
});

describe("a ledger that cannot be reached", () => {
  // Nothing listens on port 9 of the loopback: the connection itself fails.
  const unreachable = {
    LEDGER: undefined,
    NETWORK: "custom",
    LEDGER_NODE_URL: "http://127.0.0.1:9/v1",
    MODULE_ADDRESS: UNPUBLISHED_MODULE,
  };
  for (const [name, path, init] of LEDGER_ROUTES) {
    it(`${name} answers 503 ledger_unavailable`, async () => {
      const res = await ask(unreachable, path, init);
      const body = await res.json<{ success: boolean; code: string }>();
      expect({ status: res.status, code: body.code }).toEqual({
        status: 503,
        code: "ledger_unavailable",
      });
    });
  }
});
