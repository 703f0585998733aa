import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Bank, EmittedEvent } from "../../src/engine/types.js";
import { MoveAbort } from "../../src/engine/types.js";
import { AGENT, ALICE, BOB, CAROL, key, pay, pricedSetup, RECEIVER, STRANGER } from "./fixtures.js";
import { type Ledger, WEEK, withLedger } from "./ledger.js";

/** Every row of every table the engine and the bank own, to compare whole states. */
function snapshot(ledger: Ledger): Record<string, unknown[]> {
  const tables = ledger.sql
    .exec(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND (name LIKE 'pkg_%' OR name LIKE 'bank_%') ORDER BY name",
    )
    .toArray()
    .map((row) => String(row.name));
  const state: Record<string, unknown[]> = {};
  for (const table of tables) {
    state[table] = ledger.sql.exec(`SELECT * FROM ${table} ORDER BY rowid`).toArray();
  }
  return state;
}

function expectBalanced(ledger: Ledger): void {
  const vault = ledger.bank.balance(ledger.vault());
  expect(vault).toBe(ledger.escrowSum());
  expect(ledger.view("escrow_balance")).toEqual([vault.toString()]);
  expect(ledger.bank.sumOfBalances()).toBe(ledger.bank.totalMinted() - ledger.bank.totalBurned());
}

describe("atomicity", () => {
  it("leaves no change at all when a call aborts after the engine already wrote", () =>
    withLedger((ledger) => {
      pricedSetup(ledger);
      ledger.run(ALICE, "create_workflow", { id: "wf", name: "w", description: "" });
      ledger.run(ALICE, "add_task", {
        workflow_id: "wf",
        task_id: "t",
        name: "t",
        description: "",
        assignee: ALICE,
        requester: BOB,
        process_id: "p1",
        dependencies: [],
      });
      pay(ledger, BOB, "t");
      for (const status of [1, 2]) {
        ledger.run(ALICE, "update_task_status", {
          workflow_id: "wf",
          task_id: "t",
          new_status: status,
        });
      }
      const before = snapshot(ledger);
      // A bank whose payout aborts: the engine has set the task APPROVED and the payment
      // COMPLETED by then, and the caller's transaction must undo both.
      const failingBank: Bank = {
        balance: (a) => ledger.bank.balance(a),
        transfer: () => {
          throw new MoveAbort("0x1::fungible_asset", 0x10004, "EINSUFFICIENT_BALANCE", "");
        },
      };
      const events: EmittedEvent[] = [];
      expect(() =>
        ledger.storage.transactionSync(() => {
          ledger.engine.execute(
            { ...ledger.context(events), bank: failingBank },
            BOB,
            "approve_task_and_release_payment",
            ["wf", "t"],
          );
        }),
      ).toThrow(MoveAbort);
      expect(snapshot(ledger)).toEqual(before);
      expect(ledger.view("verify_payment", key("t"))).toEqual([true]);
    }));

  it("leaves no change when a check fails", () =>
    withLedger((ledger) => {
      pricedSetup(ledger);
      pay(ledger, BOB, "t");
      const before = snapshot(ledger);
      ledger.expectAbort(STRANGER, "cancel_payment", key("t"), "ENOT_RECEIVER_OR_PROVIDER");
      ledger.expectAbort(
        BOB,
        "make_payment",
        { process_id: "p1", task_id: "t", amount: 100n },
        "EPAYMENT_EXISTS",
      );
      expect(snapshot(ledger)).toEqual(before);
    }));
});

const PAYERS = [BOB, CAROL];
const op = fc.oneof(
  fc.record({ kind: fc.constant("pay"), payer: fc.nat(1), task: fc.nat(5), extra: fc.nat(300) }),
  fc.record({ kind: fc.constant("release"), payer: fc.nat(1), task: fc.nat(5) }),
  fc.record({ kind: fc.constant("refund"), payer: fc.nat(1), task: fc.nat(5) }),
  fc.record({ kind: fc.constant("cancel"), payer: fc.nat(1), task: fc.nat(5), by: fc.nat(2) }),
  fc.record({ kind: fc.constant("settle"), payer: fc.nat(1), task: fc.nat(5) }),
  fc.record({
    kind: fc.constant("report"),
    payer: fc.nat(1),
    task: fc.nat(5),
    delivered: fc.boolean(),
    by: fc.nat(2),
  }),
  fc.record({ kind: fc.constant("advance"), seconds: fc.nat(Number(WEEK) * 2) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

function apply(ledger: Ledger, o: Op): void {
  if (o.kind === "advance") {
    ledger.now += BigInt(o.seconds);
    return;
  }
  const payer = PAYERS[o.payer] ?? BOB;
  const task_id = `t${o.task}`;
  const named = { process_id: "p1", task_id, payer_addr: payer };
  const actor = (by: number) => [ALICE, RECEIVER, AGENT][by] ?? STRANGER;
  try {
    if (o.kind === "pay") {
      ledger.run(payer, "make_payment", {
        process_id: "p1",
        task_id,
        amount: 100n + BigInt(o.extra),
      });
    } else if (o.kind === "release") {
      ledger.run(payer, "release_payment", { process_id: "p1", task_id });
    } else if (o.kind === "refund") {
      ledger.run(payer, "request_refund", { process_id: "p1", task_id });
    } else if (o.kind === "cancel") {
      ledger.run(actor(o.by), "cancel_payment", named);
    } else if (o.kind === "settle") {
      ledger.run(STRANGER, "settle_payment", named);
    } else {
      ledger.run(actor(o.by), "report_outcome", {
        ...named,
        delivered: o.delivered,
        result_hash: new Uint8Array(),
      });
    }
  } catch (error) {
    if (!(error instanceof MoveAbort)) throw error;
  }
}

describe("escrow invariants", () => {
  it("keeps the vault equal to the sum of ESCROW amounts and every octa accounted for", () =>
    withLedger((ledger) => {
      pricedSetup(ledger, { payment_address: RECEIVER });
      ledger.fund(CAROL, 50_000n);
      fc.assert(
        fc.property(fc.array(op, { minLength: 50, maxLength: 80 }), (ops) => {
          for (const o of ops) {
            apply(ledger, o);
            expectBalanced(ledger);
          }
        }),
        { numRuns: 15, seed: 42 },
      );
    }));
});
