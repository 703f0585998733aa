import { describe, expect, it } from "vitest";
import { amountSchema, octasToString } from "#shared/schemas/amount";
import { MAX_U64 } from "#shared/schemas/u64";

describe("amountSchema", () => {
  it("accepts the largest u64 as a bigint", () => {
    expect(amountSchema.parse("18446744073709551615")).toBe(18446744073709551615n);
    expect(MAX_U64).toBe(2n ** 64n - 1n);
  });

  it("accepts zero and ordinary amounts", () => {
    expect(amountSchema.parse("0")).toBe(0n);
    expect(amountSchema.parse("100000000")).toBe(100_000_000n);
  });

  it("rejects one past u64", () => {
    expect(amountSchema.safeParse("18446744073709551616").success).toBe(false);
  });

  it("rejects signs, decimals, exponents, whitespace and leading zeros", () => {
    for (const bad of [
      "-1",
      "+1",
      "1.5",
      "1.0",
      "1e3",
      " 1",
      "1 ",
      "",
      "01",
      "00",
      "0x10",
      "1_000",
    ]) {
      expect(amountSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("rejects numbers and bigints: amounts travel as strings", () => {
    expect(amountSchema.safeParse(1).success).toBe(false);
    expect(amountSchema.safeParse(1n).success).toBe(false);
  });

  it("round-trips through octasToString", () => {
    expect(octasToString(amountSchema.parse("123456789"))).toBe("123456789");
  });
});
