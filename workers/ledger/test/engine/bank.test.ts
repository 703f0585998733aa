import { sha3_256 } from "@noble/hashes/sha3";
import { describe, expect, it } from "vitest";
import { LIMITS } from "#shared/contract";
import { bytesToHex, longAddress } from "../../src/engine/move-values.js";
import { MoveAbort } from "../../src/engine/types.js";
import { VAULT_SEED } from "../../src/engine/vault.js";
import { ADMIN, addr, withLedger } from "./ledger.js";

const U64_MAX = (1n << 64n) - 1n;
const ALICE = addr("a11ce");
const BOB = addr("b0b");

function expectFrameworkAbort(call: () => unknown, code: number, name: string): void {
  let thrown: unknown;
  try {
    call();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(MoveAbort);
  const abort = thrown as MoveAbort;
  expect([abort.location, abort.code, abort.abortName]).toEqual([
    "0x1::fungible_asset",
    code,
    name,
  ]);
}

describe("SqlBank", () => {
  it("keeps u64::MAX exactly and refuses to mint past it", () =>
    withLedger((ledger) => {
      const { bank } = ledger;
      const before = bank.totalMinted() - bank.totalBurned();
      bank.mint(ALICE, U64_MAX - before);
      expect(bank.balance(ALICE)).toBe(U64_MAX - before);
      expectFrameworkAbort(() => bank.mint(BOB, 1n), 0x20005, "EMAX_SUPPLY_EXCEEDED");
      expect(bank.balance(BOB)).toBe(0n);
      bank.transfer(ALICE, BOB, U64_MAX - before);
      expect(bank.balance(BOB)).toBe(U64_MAX - before);
      expect(bank.balance(ALICE)).toBe(0n);
    }));

  it("aborts an overdraft like 0x1::fungible_asset and moves nothing", () =>
    withLedger(({ bank }) => {
      bank.mint(ALICE, 100n);
      expectFrameworkAbort(() => bank.transfer(ALICE, BOB, 101n), 0x10004, "EINSUFFICIENT_BALANCE");
      expect([bank.balance(ALICE), bank.balance(BOB)]).toEqual([100n, 0n]);
      bank.transfer(ALICE, BOB, 100n);
      expect([bank.balance(ALICE), bank.balance(BOB)]).toEqual([0n, 100n]);
    }));

  it("burns gas, refuses to burn more than the balance and keeps running totals", () =>
    withLedger(({ bank }) => {
      const minted = bank.totalMinted();
      const burned = bank.totalBurned();
      bank.mint(ALICE, 1_000n);
      bank.burn(ALICE, 300n);
      expectFrameworkAbort(() => bank.burn(ALICE, 701n), 0x10004, "EINSUFFICIENT_BALANCE");
      expect(bank.balance(ALICE)).toBe(700n);
      expect(bank.totalMinted() - minted).toBe(1_000n);
      expect(bank.totalBurned() - burned).toBe(300n);
      expect(bank.sumOfBalances()).toBe(bank.totalMinted() - bank.totalBurned());
    }));

  it("treats every address form as the same account", () =>
    withLedger(({ bank }) => {
      bank.mint("0xA11CE", 5n);
      expect(bank.balance(ALICE)).toBe(5n);
      expect(bank.balance("a11ce")).toBe(5n);
    }));
});

describe("escrow vault address", () => {
  it("is the object address sha3_256(publisher ‖ seed ‖ 0xFE), as create_named_object derives it", () =>
    withLedger((ledger) => {
      const publisher = Uint8Array.from(
        ADMIN.slice(2)
          .match(/../g)
          ?.map((h) => Number.parseInt(h, 16)) ?? [],
      );
      const seed = new TextEncoder().encode("agent_platform::escrow_vault");
      const expected = bytesToHex(sha3_256(new Uint8Array([...publisher, ...seed, 0xfe])));
      expect(VAULT_SEED).toBe("agent_platform::escrow_vault");
      expect(ledger.vault()).toBe(longAddress(expected));
      expect(ledger.one("refund_window")).toBe(String(LIMITS.DEFAULT_REFUND_WINDOW_SECS));
      expect(ledger.one("escrow_balance")).toBe("0");
    }));
});
