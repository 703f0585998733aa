import { describe, expect, it } from "vitest";
import type { RunClaimResult } from "../../src/outcome/outcome-types.js";
import { checkReservation } from "../../src/outcome/reservation-check.js";

const self = `0x${"a".repeat(64)}`;
const other = `0x${"c".repeat(64)}`;
const refused: RunClaimResult = {
  kind: "refused",
  reason: "claimed_elsewhere",
  detail: "ERUN_ALREADY_CLAIMED",
};

/** The ledger's claimer as successive reads see it, and the reporter's own claim's result. */
function ledger(reads: (string | null)[], claim: RunClaimResult) {
  let read = 0;
  return {
    self,
    runClaimedBy: async () => reads[Math.min(read++, reads.length - 1)] ?? null,
    claimRun: async () => claim,
  };
}

describe("checkReservation (docs/gateway.md, Across deployments)", () => {
  it("is ours or not by the claimer the ledger names", async () => {
    expect(await checkReservation(ledger([self], refused))).toBe("ours");
    expect(await checkReservation(ledger([other], refused))).toBe("not_ours");
  });

  it("claims a run nobody holds, and reports it when the claim commits", async () => {
    expect(await checkReservation(ledger([null], { kind: "claimed", hash: "0x1" }))).toBe("ours");
  });

  it("reports a run whose claim is refused because this operator's own earlier claim committed meanwhile", async () => {
    // The execute's claim landed between the first read and the reporter's claim: the payer was
    // answered 503 "will be reported failed" and is owed the FAILED report.
    expect(await checkReservation(ledger([null, self], refused))).toBe("ours");
  });

  it("drops a run another operator claimed meanwhile, or one nobody can claim any more", async () => {
    expect(await checkReservation(ledger([null, other], refused))).toBe("not_ours");
    const unusable: RunClaimResult = {
      kind: "refused",
      reason: "unusable",
      detail: "ENOT_IN_ESCROW",
    };
    expect(await checkReservation(ledger([null, null], unusable))).toBe("not_ours");
  });

  it("tries again later when the ledger cannot say", async () => {
    expect(
      await checkReservation(ledger([null], { kind: "unknown", reason: "node unreachable" })),
    ).toBe("retry");
    const failing = {
      self,
      runClaimedBy: async (): Promise<string | null> => {
        throw new Error("node unreachable");
      },
      claimRun: async () => refused,
    };
    expect(await checkReservation(failing)).toBe("retry");
  });
});
