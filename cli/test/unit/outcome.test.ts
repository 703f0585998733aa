import { describe, expect, it } from "vitest";
import { CliError } from "../../src/errors/cli-error.js";
import { parseOutcome } from "../../src/validate/outcome.js";

function usage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof CliError && error.kind === "usage") return error.message;
    throw error;
  }
  throw new Error("expected a usage error");
}

describe("parseOutcome", () => {
  it("reads --failed, and --delivered with or without a result hash", () => {
    expect(parseOutcome({ failed: true })).toEqual({
      delivered: false,
      resultHash: new Uint8Array(),
      resultHashHex: "0x",
    });
    expect(parseOutcome({ delivered: true, "result-hash": "0xABcd" })).toEqual({
      delivered: true,
      resultHash: Uint8Array.of(0xab, 0xcd),
      resultHashHex: "0xabcd",
    });
    expect(
      parseOutcome({ delivered: true, "result-hash": "ff".repeat(64) }).resultHash,
    ).toHaveLength(64);
  });

  it("needs exactly one of --delivered and --failed", () => {
    expect(usage(() => parseOutcome({}))).toMatch(/exactly one of --delivered or --failed/);
    expect(usage(() => parseOutcome({ delivered: true, failed: true }))).toMatch(/exactly one/);
  });

  it("refuses a result hash with --failed, and one that is not 1 to 64 bytes of hex", () => {
    expect(usage(() => parseOutcome({ failed: true, "result-hash": "ab" }))).toMatch(
      /goes with --delivered/,
    );
    for (const bad of ["", "0x", "abc", "zz", "ff".repeat(65)]) {
      expect(usage(() => parseOutcome({ delivered: true, "result-hash": bad }))).toMatch(
        /--result-hash: must be hex of 1 to 64 bytes/,
      );
    }
  });
});
