import { describe, expect, it } from "vitest";
import { ERROR_CODE_NAMES, ERROR_CODES, isErrorCode } from "#shared/errors/codes";

describe("error code table", () => {
  it("uses SPEC's messages verbatim", () => {
    expect(ERROR_CODES.process_not_found).toEqual({ status: 404, message: "Process not found" });
    expect(ERROR_CODES.payment_required).toEqual({ status: 400, message: "Payment required" });
    expect(ERROR_CODES.internal_error).toEqual({ status: 500, message: "Internal server error" });
  });

  it("answers agent failures with 400 as SPEC says", () => {
    expect(ERROR_CODES.agent_failed.status).toBe(400);
  });

  it("gives every code an error status and a message", () => {
    for (const code of ERROR_CODE_NAMES) {
      const { status, message } = ERROR_CODES[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(message.length, code).toBeGreaterThan(0);
    }
  });

  it("recognises table codes only", () => {
    expect(isErrorCode("not_found")).toBe(true);
    expect(isErrorCode("toString")).toBe(false);
    expect(isErrorCode("teapot")).toBe(false);
  });
});
