import { describe, expect, it } from "vitest";
import { nodeAnswerError } from "#shared/ledger/node-error";
import { isSequenceConflict } from "../../src/outcome/sequence-conflict.js";

const moduleAddress = `0x${"a".repeat(64)}`;
const refusal = (data: unknown) => nodeAnswerError({ status: 400, data }, moduleAddress);

describe("isSequenceConflict (docs/gateway.md, Across deployments)", () => {
  it("retries a sequence number another sender already used", () => {
    const error = refusal({
      message: "Invalid transaction: Type: Validation Code: SEQUENCE_NUMBER_TOO_OLD",
      error_code: "vm_error",
      vm_error_code: 3,
    });
    expect(isSequenceConflict(error)).toBe(true);
  });

  it("retries a real node's mempool holding another transaction on the same sequence number", () => {
    // Two deployments sharing a key submit the same sequence number before either commits.
    const error = refusal({
      message: "Transaction already in mempool with a different payload",
      error_code: "invalid_transaction_update",
      vm_error_code: null,
    });
    expect(isSequenceConflict(error)).toBe(true);
  });

  it("does not retry an abort, a node error or another refusal", () => {
    expect(
      isSequenceConflict(
        refusal({
          message:
            "Invalid transaction: Type: Validation Code: INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE",
          error_code: "vm_error",
          vm_error_code: 5,
        }),
      ),
    ).toBe(false);
    expect(
      isSequenceConflict(
        nodeAnswerError({ status: 503, data: { message: "busy" } }, moduleAddress),
      ),
    ).toBe(false);
    expect(isSequenceConflict(new Error("SEQUENCE_NUMBER_TOO_OLD"))).toBe(false);
  });
});
