import { expect, vi } from "vitest";
import type { RunStatusResponse } from "#shared/schemas/runs";
import { address, ledger, processOwner, registerProcess } from "./ledger-fixtures.js";
import type { GatewayTarget } from "./mcp-sdk-client.js";
import { binding } from "./peer-gateways.js";
import { PEER_GATEWAY_ORIGINS } from "./test-secrets.js";

/**
 * The slow example agent (workers/agent/examples/slow-report: a step a second, each with progress)
 * behind gateway LONG of the test pool, whose time limit fits a 90-second run.
 */
export const SLOW = "slow-report";
export const LONG: GatewayTarget = {
  origin: PEER_GATEWAY_ORIGINS.GATEWAY_LONG,
  fetch: (url, init) => binding("GATEWAY_LONG").fetch(url, init),
};

export async function registerSlowReport(): Promise<void> {
  if ((await ledger.getProcess(SLOW)) !== null) return;
  await ledger.fund({ address: address(processOwner), amount: 1_000_000_000n });
  try {
    await registerProcess({
      owner: processOwner,
      id: SLOW,
      serviceUrl: "service://SLOW_REPORT_AGENT",
    });
  } catch (error) {
    // Another test file registered it first.
    if (!String(error).includes("EPROCESS_EXISTS")) throw error;
  }
}

/** GET /api/runs/:id on gateway LONG until the run is final; its last answer. */
export async function finalRun(run: {
  links: { run: string };
  accessToken: string;
}): Promise<RunStatusResponse> {
  let body: RunStatusResponse | undefined;
  await vi.waitFor(
    async () => {
      const res = await LONG.fetch(run.links.run, {
        headers: { authorization: `Bearer ${run.accessToken}` },
      });
      expect(res.status).toBe(200);
      body = await res.json<RunStatusResponse>();
      expect(body.status).toBe("completed");
    },
    { timeout: 60_000, interval: 1_000 },
  );
  return body as RunStatusResponse;
}
