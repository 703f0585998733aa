import { describe, expect, it } from "vitest";
import { ALICE, BOB, pay, pricedSetup, processFields, RECEIVER, register } from "./fixtures.js";
import { withLedger } from "./ledger.js";

// A process's payment address may not be the escrow vault's own address (ledger-contract.md,
// "process_registry"): funds released there would stay in the vault for good.

/** The vault's address in its shortest form, to show every spelling of it is caught. */
const short = (address: string) => `0x${address.slice(2).replace(/^0+/, "")}`;

describe("the escrow vault as payment address", () => {
  it("is refused at registration, in long and short form", () =>
    withLedger((ledger) => {
      const vault = ledger.vault();
      for (const payment_address of [vault, short(vault)]) {
        ledger.expectAbort(
          ALICE,
          "register_process",
          { id: "p1", ...processFields({ payment_address }) },
          "EPAYMENT_ADDRESS_IS_VAULT",
        );
      }
      // An empty id (assigned proc-<n>) is refused the same way and uses up no number.
      ledger.expectAbort(
        ALICE,
        "register_process",
        { id: "", ...processFields({ payment_address: vault }) },
        "EPAYMENT_ADDRESS_IS_VAULT",
      );
      register(ledger, ALICE, "", { payment_address: RECEIVER });
      expect(ledger.events[0]?.data).toMatchObject({ process_id: "proc-1" });
    }));

  it("is refused on update, and the payments made before keep their receiver", () =>
    withLedger((ledger) => {
      pricedSetup(ledger, { payment_address: RECEIVER });
      pay(ledger, BOB, "t");
      ledger.expectAbort(
        ALICE,
        "update_process",
        { id: "p1", ...processFields({ payment_address: ledger.vault() }) },
        "EPAYMENT_ADDRESS_IS_VAULT",
      );
      expect(ledger.one("get_process", { id: "p1" })).toMatchObject({ payment_address: "0x2ece1" });
      ledger.run(BOB, "release_payment", { process_id: "p1", task_id: "t" });
      expect(ledger.bank.balance(RECEIVER)).toBe(100n);
      expect(ledger.one("escrow_balance")).toBe("0");
    }));

  it("comes after the field checks and before the taken-id check", () =>
    withLedger((ledger) => {
      register(ledger, ALICE, "p1");
      const vault = ledger.vault();
      ledger.expectAbort(
        BOB,
        "register_process",
        { id: "p1", ...processFields({ payment_address: vault, has_pricing: true }) },
        "EUNSUPPORTED_CURRENCY",
      );
      ledger.expectAbort(
        BOB,
        "register_process",
        { id: "p1", ...processFields({ payment_address: vault }) },
        "EPAYMENT_ADDRESS_IS_VAULT",
      );
      ledger.expectAbort(
        BOB,
        "update_process",
        { id: "p1", ...processFields({ payment_address: vault }) },
        "ENOT_PROCESS_OWNER",
      );
    }));
});
