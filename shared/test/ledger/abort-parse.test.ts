import { describe, expect, it } from "vitest";
import { ABORT_CODES, abortCode } from "#shared/contract/aborts";
import { DEVNODE_MODULE_ADDRESS } from "#shared/contract/devnode";
import { abortMessage, parseMoveAbort } from "#shared/ledger/abort-parse";

describe("parseMoveAbort", () => {
  it("decodes one of our aborts to its table name, category and human message", () => {
    const status = `Move abort in ${DEVNODE_MODULE_ADDRESS}::payment: EPAYMENT_EXISTS(0x80019): A payment exists`;
    const abort = parseMoveAbort(status, DEVNODE_MODULE_ADDRESS);
    expect(abort).toMatchObject({
      module: "payment",
      code: abortCode("EPAYMENT_EXISTS"),
      reason: 25,
      category: "already_exists",
      name: "EPAYMENT_EXISTS",
      abortName: "EPAYMENT_EXISTS",
      description: ABORT_CODES.EPAYMENT_EXISTS.message,
    });
    expect(abortMessage(abort ?? { location: "", module: "", code: 0, reason: 0 })).toBe(
      `${ABORT_CODES.EPAYMENT_EXISTS.message} (EPAYMENT_EXISTS in payment)`,
    );
  });

  it("finds our abort by code when the node prints no name and trims the address's leading zeros", () => {
    const code = abortCode("EREFUND_WINDOW_CLOSED");
    const long = `0x000${"ab".repeat(30)}c`;
    const trimmed = `0x${"ab".repeat(30)}c`;
    const abort = parseMoveAbort(`Move abort in ${trimmed}::payment: 0x${code.toString(16)}`, long);
    expect(abort?.abortName).toBe("EREFUND_WINDOW_CLOSED");
  });

  it("keeps a framework abort as the node printed it, without borrowing our table", () => {
    const abort = parseMoveAbort(
      "Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins to complete transaction",
      DEVNODE_MODULE_ADDRESS,
    );
    expect(abort).toMatchObject({
      location: "0x1::coin",
      name: "EINSUFFICIENT_BALANCE",
      category: "invalid_argument",
      description: "Not enough coins to complete transaction",
    });
    expect(abort?.abortName).toBeUndefined();
  });

  it("does not attribute a same-named module at another address to our package", () => {
    const abort = parseMoveAbort("Move abort in 0xbad::payment: 0x80019", DEVNODE_MODULE_ADDRESS);
    expect(abort?.abortName).toBeUndefined();
    expect(abort?.code).toBe(0x80019);
  });

  it("reads an abort embedded in a JSON error message and ignores text without one", () => {
    const message = `{"message":"Move abort in ${DEVNODE_MODULE_ADDRESS}::process_registry: EPROCESS_NOT_FOUND(0x60001): x","error_code":"vm_error"}`;
    expect(parseMoveAbort(message, DEVNODE_MODULE_ADDRESS)?.abortName).toBe("EPROCESS_NOT_FOUND");
    expect(parseMoveAbort("Out of gas", DEVNODE_MODULE_ADDRESS)).toBeUndefined();
  });
});
