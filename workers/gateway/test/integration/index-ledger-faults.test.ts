/**
 * The list's read model (the PROCESS_INDEX object) when the ledger it syncs from cannot be
 * reached or refuses: every route that reads it answers the ledger's error (docs/gateway.md,
 * "Errors"), never a 500, and the next request after the fault syncs again. The object reads the
 * ledger with its own env, so the fault is played by gateway FAULTY of the test pool, whose
 * ledger is the faulty ledger Worker in front of the devnode (test/support/faulty-ledger).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGatewayApp } from "../../src/app.js";
import { SYNC_INTERVAL_MS } from "../../src/list/process-index-object.js";
import { checkDeclaredAnswer, declaredRoutes } from "../support/declared-answers.js";
import { binding } from "../support/peer-gateways.js";
import { PEER_GATEWAY_ORIGINS } from "../support/test-secrets.js";

const routes = declaredRoutes(createGatewayApp());
const ORIGIN = PEER_GATEWAY_ORIGINS.GATEWAY_FAULTY;

type Fault = "none" | "unavailable" | "refusing";

async function setFault(fault: Fault): Promise<void> {
  const res = await binding("FAULTY_LEDGER").fetch("https://faulty-ledger.test/__fault", {
    method: "PUT",
    body: fault,
  });
  expect(res.status).toBe(204);
  // Past the throttle: the next request asks the ledger again.
  await new Promise((r) => setTimeout(r, SYNC_INTERVAL_MS + 50));
}

/** A request to gateway FAULTY, its answer checked against its route's declaration. */
async function ask(path: string, init?: RequestInit): Promise<Response> {
  const request = new Request(`${ORIGIN}${path}`, init);
  const response = await binding("GATEWAY_FAULTY").fetch(request.clone());
  await checkDeclaredAnswer(routes, request, response);
  return response;
}

async function errorOf(path: string) {
  const res = await ask(path);
  const body = await res.json<{ success: boolean; code: string; error: string }>();
  return { status: res.status, body };
}

const READ_MODEL_ROUTES = ["/api/processes", "/api/stats", "/api/stats/no-such-process", "/a2a"];

describe("the list's read model when its ledger fails", () => {
  beforeAll(async () => {
    await setFault("none");
    // A first sync while the ledger is up, so the faults below meet a synced read model.
    expect((await ask("/api/processes?limit=1")).status).toBe(200);
  });
  afterAll(() => setFault("none"));

  it("answers 503 ledger_unavailable with the node's message while the ledger cannot serve", async () => {
    await setFault("unavailable");
    for (const path of READ_MODEL_ROUTES) {
      expect(await errorOf(path), path).toMatchObject({
        status: 503,
        body: { success: false, code: "ledger_unavailable", error: expect.any(String) },
      });
    }
  });

  it("answers 400 ledger_rejected with the node's message while the ledger refuses", async () => {
    await setFault("refusing");
    for (const path of READ_MODEL_ROUTES) {
      expect(await errorOf(path), path).toMatchObject({
        status: 400,
        body: {
          success: false,
          code: "ledger_rejected",
          // The node's message (registry views), or the indexer's status (the events' sync).
          error: expect.stringMatching(/Request refused \(test fault\)|HTTP 400/),
        },
      });
    }
  });

  it("answers MCP tools/list with Internal error carrying the same body", async () => {
    await setFault("unavailable");
    const res = await ask("/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: 1,
      error: { code: -32603, data: { success: false, code: "ledger_unavailable" } },
    });
  });

  it("syncs again on the next request once the ledger is back", async () => {
    await setFault("none");
    for (const path of ["/api/processes", "/api/stats"]) {
      expect((await ask(path)).status, path).toBe(200);
    }
  });
});
