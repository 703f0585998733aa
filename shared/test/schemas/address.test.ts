import { AccountAddress } from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import { addressSchema } from "#shared/schemas/address";
import { displayAddress, isValidAddress, normalizeAddress } from "#shared/schemas/address-format";

const LONG_ONE = `0x${"0".repeat(63)}1`;

describe("addressSchema", () => {
  it("normalises the short special address 0x1 to the long form", () => {
    expect(addressSchema.parse("0x1")).toBe(LONG_ONE);
  });

  it("accepts an address without the 0x prefix", () => {
    expect(addressSchema.parse("1")).toBe(LONG_ONE);
    expect(addressSchema.parse("ab".repeat(32))).toBe(`0x${"ab".repeat(32)}`);
  });

  it("lower-cases a long address written in upper case", () => {
    expect(addressSchema.parse(`0x${"AB".repeat(32)}`)).toBe(`0x${"ab".repeat(32)}`);
  });

  it("keeps a 64-hex-digit address as it is", () => {
    const addr = `0x${"0123456789abcdef".repeat(4)}`;
    expect(addressSchema.parse(addr)).toBe(addr);
  });

  it("rejects a 65-hex-digit address", () => {
    const result = addressSchema.safeParse(`0x${"a".repeat(65)}`);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("invalid address");
  });

  it("rejects non-hex, empty and a bare 0x", () => {
    for (const bad of ["0xg", "", "0x", "0x 1", "hello"]) {
      expect(addressSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("rejects a short address that is not a special address", () => {
    expect(isValidAddress("0x123")).toBe(false);
    expect(addressSchema.safeParse("0x123").success).toBe(false);
  });

  it("rejects non-strings", () => {
    expect(addressSchema.safeParse(1).success).toBe(false);
    expect(addressSchema.safeParse(null).success).toBe(false);
  });
});

describe("normalizeAddress", () => {
  it("returns the long form", () => {
    expect(normalizeAddress("0xa")).toBe(`0x${"0".repeat(63)}a`);
  });

  it("throws on an invalid address", () => {
    expect(() => normalizeAddress("0xzz")).toThrow();
    expect(() => normalizeAddress("0x")).toThrow();
    expect(() => normalizeAddress(`0x${"1".repeat(65)}`)).toThrow();
  });

  it("takes the node's trimmed form, which a user may not type", () => {
    expect(normalizeAddress("0xfa")).toBe(`0x${"0".repeat(62)}fa`);
    expect(normalizeAddress("A550C18")).toBe(`0x${"0".repeat(57)}a550c18`);
    expect(isValidAddress("0xfa")).toBe(false);
    expect(addressSchema.safeParse("0xfa").success).toBe(false);
  });
});

describe("isValidAddress agrees with ts-sdk's AccountAddress", () => {
  const inputs = [
    "0x1",
    "1",
    "0xa",
    "0xA",
    "0x01",
    "0x000f",
    "00f",
    "0x10",
    "abc",
    "0xabc",
    "0x",
    "",
    "0x0g",
    " 0x1",
    "0X1",
    `0x${"a".repeat(59)}`,
    `0x${"a".repeat(60)}`,
    `0x${"A".repeat(64)}`,
    "b".repeat(64),
    `0x${"a".repeat(65)}`,
    `0x${"0".repeat(59)}10`,
  ];
  it.each(inputs)("%s", (input) => {
    const sdk = AccountAddress.isValid({ input, strict: false }).valid;
    expect(isValidAddress(input)).toBe(sdk);
    if (sdk) expect(normalizeAddress(input)).toBe(AccountAddress.from(input).toStringLong());
  });
});

describe("displayAddress", () => {
  it("shows 0x0..0xf short and every other address long, as the SDK does", async () => {
    const { AccountAddress } = await import("@aptos-labs/ts-sdk");
    for (const input of ["0x1", `0x${"0".repeat(63)}f`, "0x10", `0x${"ab".repeat(32)}`, "0xcafe"]) {
      expect(displayAddress(input)).toBe(
        AccountAddress.from(input, { maxMissingChars: 63 }).toString(),
      );
    }
    expect(displayAddress(`0x${"0".repeat(63)}1`)).toBe("0x1");
  });
});
