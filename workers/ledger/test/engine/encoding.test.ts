import { describe, expect, it } from "vitest";
import type { EntryFunctionName } from "#shared/contract";
import { Args, ArgumentMismatch } from "../../src/engine/args.js";
import { NativePackageEngine } from "../../src/engine/engine.js";
import { fieldsToJson, hexLiteral, longAddress, toJson } from "../../src/engine/move-values.js";
import { withLedger } from "./ledger.js";

const U64_MAX = (1n << 64n) - 1n;

describe("Move values in REST JSON", () => {
  it("renders u64 as decimal strings up to u64::MAX and refuses anything outside", () => {
    expect(toJson("u64", U64_MAX)).toBe("18446744073709551615");
    expect(toJson("u64", 0n)).toBe("0");
    expect(() => toJson("u64", U64_MAX + 1n)).toThrow();
    expect(() => toJson("u64", -1n)).toThrow();
    expect(() => toJson("u64", 5)).toThrow();
  });

  it("trims addresses like to_hex_literal and keeps bytes untrimmed", () => {
    expect(hexLiteral(longAddress("0x0"))).toBe("0x0");
    expect(toJson("address", longAddress("0xA"))).toBe("0xa");
    const full = `0x${"f".repeat(64)}`;
    expect(toJson("address", full)).toBe(full);
    expect(toJson("vector<u8>", new Uint8Array([0, 1, 0xff]))).toBe("0x0001ff");
    expect(toJson("vector<u8>", new Uint8Array())).toBe("0x");
    expect(toJson("vector<address>", [longAddress("0x1")])).toEqual(["0x1"]);
  });

  it("renders u8 as a number, Option as {vec}, structs with exactly their fields", () => {
    expect(toJson("u8", 255)).toBe(255);
    expect(() => toJson("u8", 256)).toThrow();
    expect(toJson("Option<Pricing>", null)).toEqual({ vec: [] });
    const pricing = { task_price: 1n, currency: "APT", requires_prepayment: false };
    expect(toJson("Option<Pricing>", pricing)).toEqual({
      vec: [{ task_price: "1", currency: "APT", requires_prepayment: false }],
    });
    expect(() => toJson("Pricing", { ...pricing, extra: 1 })).toThrow(/extra/);
    expect(() => fieldsToJson([{ name: "a", type: "bool" }], {})).toThrow(/lacks field a/);
  });
});

describe("arguments", () => {
  it("reads parameters by their table name and type, normalising addresses", () => {
    const args = new Args("cancel_payment", ["p1", "t1", "0xB0B"]);
    expect(args.string("process_id")).toBe("p1");
    expect(args.address("payer_addr")).toBe(longAddress("0xb0b"));
    expect(() => args.u64("process_id")).toThrow(ArgumentMismatch);
    expect(() => args.string("nope")).toThrow(ArgumentMismatch);
  });

  it("refuses a wrong argument count or a value that does not fit its type", () => {
    expect(() => new Args("make_payment", ["p1", "t1"])).toThrow(ArgumentMismatch);
    expect(() => new Args("make_payment", ["p1", "t1", -1n]).u64("amount")).toThrow(
      ArgumentMismatch,
    );
    expect(() => new Args("make_payment", ["p1", "t1", 1n << 64n]).u64("amount")).toThrow(
      ArgumentMismatch,
    );
    expect(() => new Args("update_task_status", ["w", "t", 256]).u8("new_status")).toThrow(
      ArgumentMismatch,
    );
    expect(() => new Args("cancel_payment", ["p", "t", "0xzz"]).address("payer_addr")).toThrow(
      ArgumentMismatch,
    );
  });

  it("refuses a function that is not in the package", () =>
    withLedger((ledger) => {
      const engine = new NativePackageEngine();
      expect(() =>
        engine.execute(ledger.context([]), "0x1", "steal" as EntryFunctionName, []),
      ).toThrow(/not an entry function/);
    }));
});
