import { describe, expect, it } from "vitest";
import { OUTCOME } from "#shared/contract";
import { AGENT, ALICE, BOB, key, pay, pricedSetup, STRANGER } from "./fixtures.js";
import { type Ledger, T0, WEEK, withLedger } from "./ledger.js";

// claim_run (move/README.md, "payment"): the operator that will run a paid task records so on
// the ledger, once, before the run, so two gateways that share nothing but the ledger run one
// payment once. p1 is ALICE's process, AGENT its agent; BOB pays 100 octas for "t".
const SETTLE_TIME = T0 + WEEK;

function claimedBy(ledger: Ledger, task_id: string): unknown {
  return ledger.one("run_claimed_by", key(task_id));
}

describe("claim_run", () => {
  it("records the claimer once, emits RunClaimed, and leaves the payment as it was", () =>
    withLedger((ledger) => {
      pricedSetup(ledger);
      for (const t of ["t", "other"]) pay(ledger, BOB, t);
      expect(claimedBy(ledger, "t")).toEqual({ vec: [] });
      const events = ledger.run(AGENT, "claim_run", key("t"));
      expect(events.map((e) => `${e.module}::${e.name}`)).toEqual(["payment::RunClaimed"]);
      expect(events[0]?.data).toEqual({
        process_id: "p1",
        task_id: "t",
        payer: "0xb0b",
        operator: "0xa9e47",
      });
      expect(claimedBy(ledger, "t")).toEqual({ vec: ["0xa9e47"] });
      expect(claimedBy(ledger, "other")).toEqual({ vec: [] });
      // The claimer reports as before; the claim stays.
      ledger.run(AGENT, "report_outcome", {
        ...key("t"),
        delivered: true,
        result_hash: new Uint8Array(),
      });
      expect(claimedBy(ledger, "t")).toEqual({ vec: ["0xa9e47"] });
    }));

  it("refuses a second claim, by the first claimer as by anyone else", () =>
    withLedger((ledger) => {
      pricedSetup(ledger);
      pay(ledger, BOB, "t");
      ledger.run(AGENT, "claim_run", key("t"));
      ledger.expectAbort(AGENT, "claim_run", key("t"), "ERUN_ALREADY_CLAIMED");
      ledger.expectAbort(ALICE, "claim_run", key("t"), "ERUN_ALREADY_CLAIMED");
      expect(claimedBy(ledger, "t")).toEqual({ vec: ["0xa9e47"] });
    }));

  it("takes the provider and current agents only", () =>
    withLedger((ledger) => {
      pricedSetup(ledger);
      for (const t of ["a", "b"]) pay(ledger, BOB, t);
      ledger.expectAbort(STRANGER, "claim_run", key("a"), "ENOT_PROVIDER_OR_AGENT");
      ledger.expectAbort(BOB, "claim_run", key("a"), "ENOT_PROVIDER_OR_AGENT");
      ledger.run(ALICE, "claim_run", key("a"));
      expect(claimedBy(ledger, "a")).toEqual({ vec: ["0xa11ce"] });
      ledger.expectAbort(AGENT, "claim_run", key("missing"), "EPAYMENT_NOT_FOUND");
    }));

  it("needs a payment in escrow, with no outcome, until its settle time", () =>
    withLedger((ledger) => {
      pricedSetup(ledger);
      for (const t of ["released", "reported", "on-time", "late"]) pay(ledger, BOB, t);
      ledger.run(BOB, "release_payment", { process_id: "p1", task_id: "released" });
      ledger.expectAbort(AGENT, "claim_run", key("released"), "ENOT_IN_ESCROW");
      ledger.run(ALICE, "report_outcome", {
        ...key("reported"),
        delivered: false,
        result_hash: new Uint8Array(),
      });
      ledger.expectAbort(AGENT, "claim_run", key("reported"), "EOUTCOME_ALREADY_SET");
      ledger.now = SETTLE_TIME;
      ledger.run(AGENT, "claim_run", key("on-time"));
      ledger.now = SETTLE_TIME + 1n;
      ledger.expectAbort(AGENT, "claim_run", key("late"), "EOUTCOME_TOO_LATE");
      expect((ledger.one("get_payment_record", key("late")) as { outcome: number }).outcome).toBe(
        OUTCOME.NONE,
      );
    }));
});
