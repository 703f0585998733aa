import { describe, expect, it } from "vitest";
import { claimRunOnLedger, type LedgerClaimDeps } from "../../src/claims/ledger-claim.js";
import type { RunClaimResult } from "../../src/outcome/outcome-types.js";

/** Deps that record every call in order and answer the claim with `claim`. */
function recordingDeps(claim: RunClaimResult) {
  const calls: string[] = [];
  const deps: LedgerClaimDeps = {
    claimRun: async () => {
      calls.push("claimRun");
      return claim;
    },
    reports: {
      reserve: async () => {
        calls.push("reserve");
      },
      withdraw: async () => {
        calls.push("withdraw");
      },
    },
    claims: () => ({
      finish: async (args) => {
        calls.push(`finish${args.idempotency === undefined ? "" : ` ${args.idempotency.key}`}`);
      },
    }),
  };
  return { deps, calls };
}

const run = (deps: LedgerClaimDeps) =>
  claimRunOnLedger({
    deps,
    processId: "p1",
    transactionId: "tx",
    taskId: "t1",
    payer: `0x${"b".repeat(64)}`,
    failAtMs: 0,
    idempotency: { route: "execute", key: "k1" },
  });

describe("claimRunOnLedger (docs/gateway.md, Across deployments)", () => {
  it("reserves the FAILED report before claiming, and runs when the claim committed", async () => {
    const { deps, calls } = recordingDeps({ kind: "claimed", hash: "0x1" });
    expect(await run(deps)).toBeNull();
    expect(calls).toEqual(["reserve", "claimRun"]);
  });

  it("answers 409 payment_claimed_elsewhere and withdraws the reservation when another holds it", async () => {
    const { deps, calls } = recordingDeps({
      kind: "refused",
      reason: "claimed_elsewhere",
      detail: "ERUN_ALREADY_CLAIMED",
    });
    const answer = await run(deps);
    expect(answer?.status).toBe(409);
    expect(answer?.body).toMatchObject({ success: false, code: "payment_claimed_elsewhere" });
    expect(calls).toEqual(["reserve", "claimRun", "finish k1", "withdraw"]);
  });

  it("answers 409 payment_already_claimed when the payment can no longer pay for a run", async () => {
    const { deps, calls } = recordingDeps({
      kind: "refused",
      reason: "unusable",
      detail: "EOUTCOME_ALREADY_SET",
    });
    const answer = await run(deps);
    expect(answer?.status).toBe(409);
    expect(answer?.body).toMatchObject({ code: "payment_already_claimed" });
    expect(calls).toContain("withdraw");
  });

  it("keeps the reservation when the claim's fate is unknown, and runs nothing (503)", async () => {
    const { deps, calls } = recordingDeps({ kind: "unknown", reason: "node unreachable" });
    const answer = await run(deps);
    expect(answer?.status).toBe(503);
    expect(answer?.body).toMatchObject({ code: "ledger_unavailable" });
    expect(calls).toEqual(["reserve", "claimRun", "finish k1"]);
  });
});
