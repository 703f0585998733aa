import { describe, expect, it } from "vitest";
import { LedgerError } from "#shared/ledger/errors";
import { CliError } from "../../src/errors/cli-error.js";
import { describeError } from "../../src/errors/describe-error.js";
import { registerSecret } from "../../src/errors/secrets.js";

describe("describeError", () => {
  it("maps each ledger error kind to its documented exit code", () => {
    const code = (error: unknown) => describeError(error).exitCode;
    expect(code(new LedgerError({ kind: "invalid_input", message: "x" }))).toBe(2);
    expect(code(new LedgerError({ kind: "not_found", message: "x" }))).toBe(3);
    expect(code(new LedgerError({ kind: "network", message: "x" }))).toBe(4);
    expect(code(new LedgerError({ kind: "rejected", message: "x" }))).toBe(5);
    const abort = (category: "not_found" | "permission_denied") =>
      new LedgerError({
        kind: "abort",
        message: "x",
        abort: { location: "0x1::m", module: "m", code: 1, reason: 1, category },
      });
    expect(code(abort("permission_denied"))).toBe(5);
    expect(code(abort("not_found"))).toBe(3);
  });

  it("keeps a CliError's kind and treats anything else as unexpected", () => {
    expect(describeError(new CliError("not_found", "gone"))).toEqual({
      kind: "not_found",
      exitCode: 3,
      message: "gone",
    });
    expect(describeError(new TypeError("boom"))).toMatchObject({
      exitCode: 1,
      message: "TypeError: boom",
    });
  });

  it("tells an unfunded signer how to get gas", () => {
    const error = new LedgerError({
      kind: "rejected",
      message: "Transaction rejected: INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE",
    });
    expect(describeError(error)).toMatchObject({
      exitCode: 5,
      message: expect.stringMatching(/needs APT for gas \(agentgate fund/),
    });
  });

  it("names the transaction of a submitted transaction that failed, once", () => {
    const hash = `0x${"ab".repeat(32)}`;
    const aborted = new LedgerError({ kind: "abort", message: "The process is not active", hash });
    expect(describeError(aborted)).toEqual({
      kind: "refused",
      exitCode: 5,
      message: `The process is not active (transaction ${hash})`,
      transactionHash: hash,
    });
    const timedOut = new LedgerError({
      kind: "network",
      message: `Transaction ${hash} not committed after 30 s`,
      hash,
    });
    expect(describeError(timedOut).message).toBe(`Transaction ${hash} not committed after 30 s`);
    // A predicted abort submitted nothing: no hash to show.
    expect(describeError(new LedgerError({ kind: "abort", message: "x" }))).not.toHaveProperty(
      "transactionHash",
    );
  });

  it("makes a multi-line message one line", () => {
    expect(describeError(new CliError("usage", "a\n  b")).message).toBe("a b");
  });

  it("scrubs a registered private key from any message, in every spelling", () => {
    const hex = "9f".repeat(32);
    registerSecret(`ed25519-priv-0x${hex}`);
    for (const leaked of [`0x${hex}`, hex, `ed25519-priv-0x${hex}`]) {
      const { message } = describeError(new Error(`bad key ${leaked}!`));
      expect(message).not.toContain(hex);
      expect(message).toContain("<redacted>");
    }
  });
});
