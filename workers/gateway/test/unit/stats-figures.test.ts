import { describe, expect, it } from "vitest";
import type { EventName } from "#shared/contract";
import { OUTCOME } from "#shared/contract/status";
import type { ModuleEvent } from "#shared/ledger/module-events";
import {
  type Figures,
  figuresChange,
  NO_FIGURES,
  successRate,
} from "../../src/list/stats-figures.js";
import { wholeTransactions } from "../../src/list/stats-sync.js";

// Past 2^53: a float would round these; the figures must not.
const BIG = 9_007_199_254_740_993n;
const P = "proc-1";

function apply(events: { name: EventName; data: Record<string, unknown> }[]): Figures {
  return events.reduce((figures, event) => {
    const change = figuresChange(event);
    if (change === null) return figures;
    expect(change.processId).toBe(P);
    return change.apply(figures);
  }, NO_FIGURES);
}

const made = (amount: bigint) => ({
  name: "PaymentMade" as const,
  data: { process_id: P, amount: amount.toString() },
});
const outcome = (value: number) => ({
  name: "OutcomeReported" as const,
  data: { process_id: P, outcome: value },
});

describe("a process's figures from payment events", () => {
  it("adds u64 amounts exactly: escrow in, then released, refunded, canceled, settled out", () => {
    const figures = apply([
      made(BIG),
      made(BIG + 2n),
      made(5n),
      made(7n),
      made(11n),
      { name: "PaymentReleased", data: { process_id: P, amount: BIG.toString() } },
      { name: "PaymentRefunded", data: { process_id: P, amount: (BIG + 2n).toString() } },
      { name: "PaymentCanceled", data: { process_id: P, amount: "5" } },
      { name: "PaymentSettled", data: { process_id: P, amount: "7", delivered: true } },
    ]);
    expect(figures).toEqual({
      runs: 5,
      delivered: 0,
      failed: 0,
      released: BIG + 7n,
      refunded: BIG + 2n + 5n,
      inEscrow: 11n,
    });
    const settledBack = apply([
      made(3n),
      { name: "PaymentSettled", data: { process_id: P, amount: "3", delivered: false } },
    ]);
    expect(settledBack).toMatchObject({ released: 0n, refunded: 3n, inEscrow: 0n });
  });

  it("counts delivered against failed; the rate is null before any outcome", () => {
    expect(successRate(NO_FIGURES)).toBeNull();
    const figures = apply([
      outcome(OUTCOME.DELIVERED),
      outcome(OUTCOME.DELIVERED),
      outcome(OUTCOME.FAILED),
      outcome(OUTCOME.NONE),
    ]);
    expect(figures).toMatchObject({ delivered: 2, failed: 1 });
    expect(successRate(figures)).toBeCloseTo(2 / 3);
  });

  it("skips a row of another shape rather than counting it wrong", () => {
    expect(figuresChange({ name: "PaymentMade", data: { process_id: P, amount: 5 } })).toBeNull();
    expect(figuresChange({ name: "PaymentMade", data: { amount: "5" } })).toBeNull();
    expect(
      figuresChange({ name: "PaymentSettled", data: { process_id: P, amount: "5" } }),
    ).toBeNull();
    expect(figuresChange({ name: "ProcessRegistered", data: { process_id: P } })).toBeNull();
  });
});

describe("a page of events ends on a whole transaction", () => {
  const event = (version: bigint, index: bigint): ModuleEvent => ({
    name: "PaymentMade",
    data: {},
    version,
    index,
  });

  it("keeps a short page whole and resumes after its last version", () => {
    const page = [event(3n, 0n), event(4n, 1n)];
    expect(wholeTransactions({ page, limit: 3, after: 2n })).toEqual({ events: page, upTo: 4n });
    expect(wholeTransactions({ page: [], limit: 3, after: 2n })).toEqual({ events: [], upTo: 2n });
  });

  it("leaves a full page's last transaction to the next page, so none of its events is lost", () => {
    const page = [event(3n, 0n), event(5n, 0n), event(5n, 1n)];
    expect(wholeTransactions({ page, limit: 3, after: 2n })).toEqual({
      events: [event(3n, 0n)],
      upTo: 3n,
    });
    const single = [event(5n, 0n), event(5n, 1n)];
    expect(wholeTransactions({ page: single, limit: 2, after: 2n })).toEqual({
      events: single,
      upTo: 5n,
    });
  });
});
