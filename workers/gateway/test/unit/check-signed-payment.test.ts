import { describe, expect, it } from "vitest";
import type { DecodedSignedTransaction } from "#shared/ledger/signed-transactions";
import {
  checkSignedPayment,
  type ExpectedPayment,
} from "../../src/payment/check-signed-payment.js";

const moduleAddress = `0x${"f".repeat(64)}`;
const sender = `0x${"a".repeat(64)}`;
const NOW = 1_000_000n;

function decoded(overrides: Partial<DecodedSignedTransaction> = {}): DecodedSignedTransaction {
  return {
    hash: `0x${"0".repeat(64)}`,
    sender,
    sequenceNumber: 0n,
    function: `${moduleAddress}::payment::make_payment`,
    entryFunction: "make_payment",
    args: { process_id: "p1", task_id: "t1", amount: 1000n },
    typeArguments: [],
    chainId: 4,
    expirationTimestampSecs: NOW + 600n,
    maxGasAmount: 1n,
    gasUnitPrice: 1n,
    simulatable: true,
    ...overrides,
  };
}

const expected = { processId: "p1", userAddress: sender, minAmount: 1000n };

function check(d: DecodedSignedTransaction, more: Partial<ExpectedPayment> = {}) {
  return checkSignedPayment({
    decoded: d,
    expected: { ...expected, ...more },
    moduleAddress,
    chainId: 4,
    nowSecs: NOW,
    field: "payment",
  });
}

describe("checkSignedPayment", () => {
  it("accepts exactly the payment asked for and returns its task id", () => {
    expect(check(decoded())).toEqual({ ok: true, taskId: "t1" });
    expect(check(decoded(), { amount: 1000n, taskId: "t1" })).toEqual({
      ok: true,
      taskId: "t1",
    });
  });

  it("refuses another network's chain id", () => {
    expect(check(decoded({ chainId: 1 }))).toMatchObject({
      ok: false,
      message: expect.stringContaining("chain id"),
    });
  });

  it("refuses a transaction expired by the ledger's clock", () => {
    for (const expiry of [NOW, NOW - 1n]) {
      expect(check(decoded({ expirationTimestampSecs: expiry }))).toMatchObject({
        ok: false,
        message: expect.stringContaining("expired"),
      });
    }
  });

  it("refuses an amount below the current price, or other than the one named", () => {
    expect(check(decoded(), { minAmount: 1001n })).toMatchObject({
      ok: false,
      message: expect.stringContaining("below the process's current price"),
    });
    expect(check(decoded(), { amount: 999n }).ok).toBe(false);
  });

  it("refuses another sender, process or task id", () => {
    expect(check(decoded({ sender: `0x${"b".repeat(64)}` })).ok).toBe(false);
    expect(check(decoded(), { processId: "p2" }).ok).toBe(false);
    expect(check(decoded(), { taskId: "t2" }).ok).toBe(false);
  });

  it("refuses another function, or make_payment of another package", () => {
    const other = decoded({
      function: `${moduleAddress}::payment::release_payment`,
      entryFunction: "release_payment",
    });
    expect(check(other).ok).toBe(false);
    const { entryFunction: _drop, ...foreign } = decoded({
      function: `0x${"b".repeat(64)}::payment::make_payment`,
    });
    expect(check(foreign).ok).toBe(false);
  });

  it("refuses type arguments", () => {
    expect(check(decoded({ typeArguments: ["u8"] })).ok).toBe(false);
  });

  it("refuses a transaction the node cannot simulate for its signer (a fee payer, several signers)", () => {
    expect(check(decoded({ simulatable: false }))).toMatchObject({
      ok: false,
      message: expect.stringContaining("signed by its sender alone"),
    });
  });
});
