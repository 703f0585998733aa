import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { errorMessage, errorStatus } from "#shared/errors/bodies";
import {
  CLAIM_BUDGET_MS,
  claimRunOnLedger,
  type LedgerClaimDeps,
} from "../../src/claims/ledger-claim.js";
import type { RunClaimResult } from "../../src/outcome/outcome-types.js";

/** Deps that record every call in order and answer the claim with `claim`. */
function recordingDeps(claim: RunClaimResult, claimTakesMs = 0) {
  const calls: string[] = [];
  const failAts: number[] = [];
  const deps: LedgerClaimDeps = {
    claimRun: async () => {
      calls.push("claimRun");
      vi.setSystemTime(Date.now() + claimTakesMs);
      return claim;
    },
    reports: {
      reserve: async (args) => {
        calls.push("reserve");
        failAts.push(args.failAtMs);
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
  return { deps, calls, failAts };
}

const FAIL_AFTER_MS = 90_000;

const claimOnLedger = (deps: LedgerClaimDeps) =>
  claimRunOnLedger({
    deps,
    processId: "p1",
    transactionId: "tx",
    taskId: "t1",
    payer: `0x${"b".repeat(64)}`,
    failAfterMs: FAIL_AFTER_MS,
    idempotency: { route: "execute", key: "k1" },
  });

/** The refusal of a claim that must not run: its code, status and message. */
async function refusal(deps: LedgerClaimDeps) {
  const result = await claimOnLedger(deps);
  if (result.ok) throw new Error("the claim was expected to be refused");
  const { error } = result;
  return { code: error.code, status: errorStatus(error), message: errorMessage(error) };
}

describe("claimRunOnLedger (docs/gateway.md, Across deployments)", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"] }));
  afterEach(() => vi.useRealTimers());

  it("reserves the FAILED report before claiming, and runs when the claim committed", async () => {
    const { deps, calls } = recordingDeps({ kind: "claimed", hash: "0x1" });
    expect(await claimOnLedger(deps)).toEqual({ ok: true, value: true });
    expect(calls).toEqual(["reserve", "claimRun", "reserve"]);
  });

  it("counts the FAILED report's due time from the committed claim, within the claim's budget", async () => {
    // A claim queued behind the operator's other transactions: were the report due from before
    // it, it would come due mid-run and a FAILED report would beat the delivered one.
    const takes = CLAIM_BUDGET_MS - 1;
    const { deps, failAts } = recordingDeps({ kind: "claimed", hash: "0x1" }, takes);
    const start = Date.now();
    expect(await claimOnLedger(deps)).toEqual({ ok: true, value: true });
    expect(failAts).toEqual([
      start + CLAIM_BUDGET_MS + FAIL_AFTER_MS,
      start + takes + FAIL_AFTER_MS,
    ]);
  });

  it("runs nothing when the claim committed past its budget: the reservation reports it failed (503)", async () => {
    // Past the budget the first reservation may come due while a run would still go on: no run.
    const { deps, calls } = recordingDeps(
      { kind: "claimed", hash: "0x1" },
      CLAIM_BUDGET_MS + FAIL_AFTER_MS,
    );
    const refused = await refusal(deps);
    expect(refused).toMatchObject({ status: 503, code: "ledger_unavailable" });
    expect(refused.message).toMatch(/nothing ran/);
    expect(calls).toEqual(["reserve", "claimRun", "finish k1"]);
  });

  it("answers 409 payment_claimed_elsewhere and withdraws the reservation when another holds it", async () => {
    const { deps, calls } = recordingDeps({
      kind: "refused",
      reason: "claimed_elsewhere",
      detail: "ERUN_ALREADY_CLAIMED",
    });
    expect(await refusal(deps)).toMatchObject({ status: 409, code: "payment_claimed_elsewhere" });
    expect(calls).toEqual(["reserve", "claimRun", "finish k1", "withdraw"]);
  });

  it("answers 409 payment_already_claimed when the payment can no longer pay for a run", async () => {
    const { deps, calls } = recordingDeps({
      kind: "refused",
      reason: "unusable",
      abort: "EOUTCOME_ALREADY_SET",
      detail: "EOUTCOME_ALREADY_SET",
    });
    const refused = await refusal(deps);
    expect(refused).toMatchObject({ status: 409, code: "payment_already_claimed" });
    expect(refused.message).toMatch(/already has an outcome/);
    expect(calls).toContain("withdraw");
  });

  it("says why in the 409 when the operator left the agents or the payment left escrow", async () => {
    const why = async (abort: "ENOT_PROVIDER_OR_AGENT" | "ENOT_IN_ESCROW") =>
      (
        await refusal(
          recordingDeps({ kind: "refused", reason: "unusable", abort, detail: abort }).deps,
        )
      ).message;
    expect(await why("ENOT_PROVIDER_OR_AGENT")).toMatch(/no longer the provider or an agent/);
    expect(await why("ENOT_IN_ESCROW")).toMatch(/no longer in escrow/);
  });

  it("keeps the reservation when the claim's fate is unknown, and runs nothing (503)", async () => {
    const { deps, calls } = recordingDeps({ kind: "unknown", reason: "node unreachable" });
    expect(await refusal(deps)).toMatchObject({ status: 503, code: "ledger_unavailable" });
    expect(calls).toEqual(["reserve", "claimRun", "finish k1"]);
  });
});
