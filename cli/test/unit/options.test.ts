import { describe, expect, it } from "vitest";
import { addressSchema } from "#shared/schemas/address";
import { amountSchema } from "#shared/schemas/amount";
import { prioritySchema } from "#shared/schemas/priority";
import { processStatusSchema } from "#shared/schemas/process";
import { CliError } from "../../src/errors/cli-error.js";
import { readJsonArgument } from "../../src/validate/json-input.js";
import {
  parseBooleanOption,
  parseIntegerOption,
  parseListOption,
  parseOption,
  parseOptionalOption,
  requireValue,
  splitList,
} from "../../src/validate/options.js";

function usageMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).kind).toBe("usage");
    return (error as CliError).message;
  }
  throw new Error("expected a usage error");
}

describe("option validation", () => {
  it("leaves an absent optional option undefined and validates a given one", () => {
    expect(parseOptionalOption("owner", addressSchema, undefined)).toBeUndefined();
    expect(parseOptionalOption("owner", addressSchema, "0x1")).toBe(`0x${"0".repeat(63)}1`);
    expect(usageMessage(() => parseOptionalOption("owner", addressSchema, "zz"))).toMatch(
      /^--owner "zz": /,
    );
  });

  it("normalises addresses and names the option when one is invalid", () => {
    expect(parseOption("user", addressSchema, "0x1")).toBe(`0x${"0".repeat(63)}1`);
    expect(usageMessage(() => parseOption("user", addressSchema, "0xzz"))).toMatch(
      /^--user "0xzz": invalid address/,
    );
  });

  it("accepts u64 amounts and refuses decimals, negatives and overflow", () => {
    expect(parseOption("amount", amountSchema, "18446744073709551615")).toBe(18446744073709551615n);
    for (const bad of ["1.5", "-1", "18446744073709551616", "1e3", ""]) {
      expect(usageMessage(() => parseOption("amount", amountSchema, bad))).toMatch(/^--amount/);
    }
  });

  it("accepts priority 0..3 only, as an integer", () => {
    expect(parseIntegerOption("priority", prioritySchema, "3")).toBe(3);
    expect(usageMessage(() => parseIntegerOption("priority", prioritySchema, "4"))).toMatch(
      /--priority/,
    );
    expect(usageMessage(() => parseIntegerOption("priority", prioritySchema, "1.5"))).toMatch(
      /must be an integer/,
    );
  });

  it("accepts only active, inactive and maintenance as a status", () => {
    expect(parseOption("status", processStatusSchema, "maintenance")).toBe("maintenance");
    expect(usageMessage(() => parseOption("status", processStatusSchema, "paused"))).toMatch(
      /^--status "paused"/,
    );
  });

  it("accepts exactly true or false for a boolean option", () => {
    expect(parseBooleanOption("requires-prepayment", "true")).toBe(true);
    expect(parseBooleanOption("requires-prepayment", "false")).toBe(false);
    for (const bad of ["yes", "1", "TRUE", ""]) {
      expect(usageMessage(() => parseBooleanOption("requires-prepayment", bad))).toMatch(
        /must be true or false/,
      );
    }
  });

  it("splits comma-separated lists and validates every item", () => {
    expect(splitList(" a, b ,,c ")).toEqual(["a", "b", "c"]);
    expect(parseListOption("agents", addressSchema, "0x1,0x2")).toHaveLength(2);
    expect(usageMessage(() => parseListOption("agents", addressSchema, "0x1,nope"))).toMatch(
      /--agents "nope"/,
    );
  });

  it("refuses a required option given empty", () => {
    expect(requireValue("id", " p ")).toBe("p");
    expect(usageMessage(() => requireValue("id", ""))).toBe("--id is required");
    expect(usageMessage(() => requireValue("id", undefined))).toBe("--id is required");
  });
});

describe("readJsonArgument", () => {
  const files: Record<string, string> = { "data.json": '{"a":1}', "bad.json": "{oops" };
  const readText = (path: string) => {
    const text = files[path];
    if (text === undefined) throw new Error("ENOENT");
    return text;
  };

  it("parses inline JSON and JSON files", () => {
    expect(
      readJsonArgument({ option: "data", value: '{"x":[1]}', readText, allowInline: true }),
    ).toEqual({
      x: [1],
    });
    expect(
      readJsonArgument({ option: "data", value: "data.json", readText, allowInline: true }),
    ).toEqual({
      a: 1,
    });
  });

  it("says which option is wrong for bad JSON or a missing file", () => {
    expect(
      usageMessage(() =>
        readJsonArgument({ option: "data", value: "{x", readText, allowInline: true }),
      ),
    ).toMatch(/^--data: not valid JSON/);
    expect(
      usageMessage(() =>
        readJsonArgument({ option: "config", value: "bad.json", readText, allowInline: false }),
      ),
    ).toMatch(/^--config: bad.json: not valid JSON/);
    expect(
      usageMessage(() =>
        readJsonArgument({ option: "config", value: "none.json", readText, allowInline: false }),
      ),
    ).toMatch(/cannot read file "none.json"/);
  });
});
