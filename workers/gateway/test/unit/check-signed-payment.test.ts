import { describe, expect, it } from "vitest";
import type { DecodedSignedTransaction } from "#shared/ledger/signed-transactions";
import { checkSignedPayment } from "../../src/payment/check-signed-payment.js";

const moduleAddress = `0x${"f".repeat(64)}`;
const sender = `0x${"a".repeat(64)}`;

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
    expirationTimestampSecs: 0n,
    maxGasAmount: 1n,
    gasUnitPrice: 1n,
    ...overrides,
  };
}

const body = { processId: "p1", amount: 1000n, userAddress: sender };

describe("checkSignedPayment", () => {
  it("accepts exactly the payment the body describes and returns its task id", () => {
    expect(checkSignedPayment({ decoded: decoded(), body, moduleAddress, chainId: 4 })).toEqual({
      ok: true,
      taskId: "t1",
    });
  });

  it("refuses another network's chain id", () => {
    const r = checkSignedPayment({
      decoded: decoded({ chainId: 1 }),
      body,
      moduleAddress,
      chainId: 4,
    });
    expect(r).toMatchObject({ ok: false, message: expect.stringContaining("chain id") });
  });

  it("refuses another function, or make_payment of another package", () => {
    const other = decoded({
      function: `${moduleAddress}::payment::release_payment`,
      entryFunction: "release_payment",
    });
    expect(checkSignedPayment({ decoded: other, body, moduleAddress, chainId: 4 }).ok).toBe(false);
    const { entryFunction: _drop, ...foreignFields } = decoded({
      function: `0x${"b".repeat(64)}::payment::make_payment`,
    });
    expect(checkSignedPayment({ decoded: foreignFields, body, moduleAddress, chainId: 4 }).ok).toBe(
      false,
    );
  });

  it("refuses type arguments", () => {
    const r = checkSignedPayment({
      decoded: decoded({ typeArguments: ["u8"] }),
      body,
      moduleAddress,
      chainId: 4,
    });
    expect(r.ok).toBe(false);
  });
});
