import { describe, expect, it, vi } from "vitest";
import { PROCESS_STATUS } from "#shared/contract/status";
import { ok } from "#shared/errors/app-error";
import { gatewayContextJson } from "#shared/ledger/records";
import type { SettleResponse } from "#shared/x402/transport";
import type { RunClaimResult } from "../../src/outcome/outcome-types.js";
import { type RunDeps, runExecute } from "../../src/runs/run-execute.js";

// A pay-and-run whose x402 payment committed and whose run claim on the ledger then failed
// (docs/gateway.md, "Execute" step 10): the payment is spent, so its receipt goes with the answer.

const PROCESS_ID = "pay-refused-unit";
const USER = `0x${"ab".repeat(32)}`;
const OPERATOR = `0x${"cd".repeat(32)}`;
const settled: SettleResponse = {
  success: true,
  transaction: `0x${"ef".repeat(32)}`,
  network: "aptos:4",
  payer: USER,
};

// The payment's commit is pay-and-claim.ts's own, tested with the devnode in execute-x402.
vi.mock("../../src/execute/pay-and-claim.js", () => ({
  payAndClaim: async () => ({
    ok: true,
    transactionId: "tx",
    taskId: "task-1",
    response: settled,
  }),
  paymentRequiredAnswer: () => {
    throw new Error("no Payment required for a request carrying a payment");
  },
}));

const context = gatewayContextJson.parse({
  process_exists: true,
  status: PROCESS_STATUS.active,
  owner: OPERATOR,
  service_url: "https://agent.test",
  pricing: { vec: [{ task_price: "1000", currency: "APT", requires_prepayment: true }] },
  agents: [OPERATOR],
  open_payments: [],
  authentication_key: "0x",
  now: "1",
});

/** A dependency whose only method reached here is `allowed` (answering undefined). */
function only<T extends object>(name: string, allowed?: string): T {
  return new Proxy({} as T, {
    get: (_, key) => {
      if (key === allowed) return async () => {};
      throw new Error(`${name}.${String(key)} used`);
    },
  });
}

function depsOf(claim: RunClaimResult): RunDeps {
  return {
    loadContext: async () => context,
    claims: () => only("claims", "finish"),
    resolveTarget: () => ({ ok: true, target: { fetcher: null, baseUrl: "https://agent.test" } }),
    forward: async () => {
      throw new Error("the agent called without a run claim");
    },
    checkData: async () => ok(true),
    operator: { address: OPERATOR, owners: [], minPriceOctas: 0n },
    publicOrigin: null,
    reports: {
      reserve: async () => {},
      withdraw: async () => {},
    },
    claimRun: async () => claim,
    run: () => {
      throw new Error("a run started without a run claim");
    },
    timeoutMs: 1_000,
    ledger: only("ledger"),
    unsignedTransactionTtlSeconds: 600,
  };
}

function run(deps: RunDeps) {
  const body = { userAddress: USER, data: {} };
  return runExecute({
    request: {
      processId: PROCESS_ID,
      body,
      rawBody: new TextEncoder().encode(JSON.stringify(body)),
      headers: new Headers(),
      path: `/api/execute/${PROCESS_ID}`,
      idempotencyKey: null,
      payment: {
        x402Version: 2,
        accepted: {
          scheme: "exact",
          network: "aptos:4",
          amount: "1000",
          asset: "APT",
          payTo: OPERATOR,
          maxTimeoutSeconds: 60,
          extra: {},
        },
        payload: {},
      },
      speaksX402: true,
      resourceUrl: `https://gateway.test/api/execute/${PROCESS_ID}`,
      origin: "https://gateway.test",
    },
    deps,
  });
}

describe("a pay-and-run whose run claim fails after its payment committed", () => {
  it("answers 409 with the payment's PAYMENT-RESPONSE when another gateway holds the claim", async () => {
    const answer = await run(
      depsOf({ kind: "refused", reason: "claimed_elsewhere", detail: "ERUN_ALREADY_CLAIMED" }),
    );
    expect(answer.status).toBe(409);
    expect(answer.x402?.response).toEqual(settled);
  });

  it("answers 503 with the payment's PAYMENT-RESPONSE when the claim is not confirmed", async () => {
    const answer = await run(depsOf({ kind: "unknown", reason: "node unreachable" }));
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: "ledger_unavailable" });
    expect(answer.x402?.response).toEqual(settled);
  });
});
