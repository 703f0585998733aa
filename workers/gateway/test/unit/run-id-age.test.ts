import { describe, expect, it } from "vitest";
import { newTransactionId } from "../../src/execute/transaction-id.js";
import { runIdMayBeKept } from "../../src/runs/run-id-age.js";

// A made-up run id wakes no run object (docs/gateway.md, "Who may read a run").

const NOW = Date.UTC(2026, 10, 26, 7);
const HOUR = 3_600_000;
const KEEP = 24 * HOUR;
const kept = (mintedMs: number) =>
  runIdMayBeKept({ transactionId: newTransactionId(mintedMs), nowMs: NOW, keepMs: KEEP });

describe("runIdMayBeKept", () => {
  it("keeps every id a run still kept can have: just minted, or minted a keep time and its time limit ago", () => {
    expect(kept(NOW)).toBe(true);
    expect(kept(NOW - KEEP - 15 * 60_000)).toBe(true);
    // The minting Worker's clock a little ahead.
    expect(kept(NOW + 60_000)).toBe(true);
  });

  it("refuses ids minted long before the keep time, or in the future", () => {
    expect(kept(NOW - KEEP - 3 * HOUR)).toBe(false);
    expect(kept(NOW + HOUR)).toBe(false);
    expect(kept(0)).toBe(false);
    expect(
      runIdMayBeKept({
        transactionId: "ffffffff-ffff-7fff-bfff-ffffffffffff",
        nowMs: NOW,
        keepMs: KEEP,
      }),
    ).toBe(false);
  });
});
