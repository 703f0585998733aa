import { describe, expect, it } from "vitest";
import { STRUCTS } from "#shared/contract";
import { AGENT, ALICE, BOB, CAROL, key, pay, pricedSetup } from "./fixtures.js";
import { T0, WEEK, withLedger } from "./ledger.js";

describe("gateway_context", () => {
  it("answers process, pricing, agents, open payments, authentication key and time in one view", () =>
    withLedger((ledger) => {
      pricedSetup(ledger, { service_url: "service://summarizer" });
      pay(ledger, BOB, "a");
      ledger.now += 10n;
      pay(ledger, BOB, "b", 150n);
      pay(ledger, BOB, "c");
      ledger.run(AGENT, "report_outcome", {
        ...key("b"),
        delivered: true,
        result_hash: new Uint8Array(),
      });
      ledger.run(BOB, "release_payment", { process_id: "p1", task_id: "a" });
      const authKey = `0x${"ab".repeat(32)}`;
      ledger.authKeys.set(BOB, authKey);
      ledger.now += 1n;

      const context = ledger.one("gateway_context", { process_id: "p1", payer_addr: BOB });
      expect(Object.keys(context as object)).toEqual(
        STRUCTS.GatewayContext.fields.map((f) => f.name),
      );
      expect(context).toEqual({
        process_exists: true,
        status: 0,
        owner: "0xa11ce",
        service_url: "service://summarizer",
        pricing: { vec: [{ task_price: "100", currency: "APT", requires_prepayment: true }] },
        agents: ["0xa9e47"],
        open_payments: [
          { task_id: "b", amount: "150", outcome: 1, settle_time: String(T0 + 10n + WEEK) },
          { task_id: "c", amount: "100", outcome: 0, settle_time: String(T0 + 10n + WEEK) },
        ],
        authentication_key: authKey,
        now: String(T0 + 11n),
      });
      expect(ledger.view("open_payments", { process_id: "p1", payer_addr: BOB })).toEqual([
        ["b", "c"],
      ]);
    }));

  it("answers for a missing process with defaults, the payer's address as key and its payments", () =>
    withLedger((ledger) => {
      pricedSetup(ledger);
      pay(ledger, BOB, "a");
      ledger.run(ALICE, "deregister_process", { id: "p1" });
      expect(ledger.one("gateway_context", { process_id: "p1", payer_addr: BOB })).toEqual({
        process_exists: false,
        status: 0,
        owner: "0x0",
        service_url: "",
        pricing: { vec: [] },
        agents: [],
        open_payments: [
          { task_id: "a", amount: "100", outcome: 0, settle_time: String(T0 + WEEK) },
        ],
        authentication_key: BOB,
        now: String(T0),
      });
      expect(
        ledger.one("gateway_context", { process_id: "nope", payer_addr: CAROL }),
      ).toMatchObject({ process_exists: false, open_payments: [], authentication_key: CAROL });
    }));
});
