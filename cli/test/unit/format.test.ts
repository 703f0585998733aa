import { describe, expect, it } from "vitest";
import {
  formatApt,
  formatKeyValues,
  formatLedgerTime,
  formatList,
  formatTable,
  shortAddress,
  toJson,
} from "../../src/output/format.js";

describe("formatApt", () => {
  it("shows APT with the exact octas beside it", () => {
    expect(formatApt(150_000_000n)).toBe("1.5 APT (150000000 octas)");
    expect(formatApt(100_000_000n)).toBe("1 APT (100000000 octas)");
    expect(formatApt(1n)).toBe("0.00000001 APT (1 octas)");
    expect(formatApt(0n)).toBe("0 APT (0 octas)");
  });

  it("stays exact at u64 max, where a float would round", () => {
    expect(formatApt(18446744073709551615n)).toBe(
      "184467440737.09551615 APT (18446744073709551615 octas)",
    );
  });
});

describe("formatKeyValues", () => {
  it("aligns values after the longest key", () => {
    expect(
      formatKeyValues([
        ["id", "proc-1"],
        ["status", "active"],
      ]),
    ).toBe("id      proc-1\nstatus  active");
  });

  it("indents continuation lines of multi-line values", () => {
    expect(formatKeyValues([["logs", "a\nb"]])).toBe("logs  a\n      b");
  });
});

describe("formatTable", () => {
  it("pads each column to its widest cell", () => {
    expect(
      formatTable(
        ["ID", "STATUS"],
        [
          ["proc-1", "active"],
          ["p", "maintenance"],
        ],
      ),
    ).toBe("ID      STATUS\nproc-1  active\np       maintenance");
  });
});

describe("small formatters", () => {
  it("formats ledger seconds as ISO time", () => {
    expect(formatLedgerTime(0)).toBe("1970-01-01T00:00:00Z");
    expect(formatLedgerTime(1_700_000_000n)).toBe("2023-11-14T22:13:20Z");
  });

  it("shows empty lists as a dash and shortens addresses", () => {
    expect(formatList([])).toBe("-");
    expect(formatList(["a", "b"])).toBe("a, b");
    expect(shortAddress(`0x${"ab".repeat(32)}`)).toBe("0xabab…abab");
    expect(shortAddress("0x1")).toBe("0x1");
  });

  it("writes bigints as decimal strings in JSON", () => {
    expect(JSON.parse(toJson({ amount: 18446744073709551615n }))).toEqual({
      amount: "18446744073709551615",
    });
  });
});
