import { describe, expect, it } from "vitest";
import { AppErrorException, appError, fail, ok, toAppError } from "#shared/errors/app-error";
import { errorBody, errorMessage, errorStatus } from "#shared/errors/bodies";
import { errorResponseSchema } from "#shared/schemas/error-response";

const NOW = "2026-01-01T00:00:00.000Z";

describe("errorBody", () => {
  it("builds the 404 body of a missing process with its id", () => {
    const err = appError("process_not_found");
    expect(errorStatus(err)).toBe(404);
    expect(errorBody(err, { processId: "summarizer", timestamp: NOW })).toEqual({
      success: false,
      error: "Process not found",
      code: "process_not_found",
      processId: "summarizer",
      timestamp: NOW,
    });
  });

  it("requires a process id for the codes whose SPEC body names the process", () => {
    // @ts-expect-error process_not_found without processId does not typecheck
    const body = errorBody(appError("process_not_found"), { timestamp: NOW });
    expect(body.processId).toBeUndefined();
  });

  it("builds the 400 payment-required body with the process id", () => {
    const err = appError("payment_required");
    expect(errorStatus(err)).toBe(400);
    const body = errorBody(err, { processId: "p", timestamp: NOW });
    expect(body.error).toBe("Payment required");
    expect(body.processId).toBe("p");
  });

  it("builds the 500 body with a timestamp and nothing internal", () => {
    const body = errorBody(appError("internal_error"), { timestamp: NOW });
    expect(errorStatus(appError("internal_error"))).toBe(500);
    expect(body).toEqual({
      success: false,
      error: "Internal server error",
      code: "internal_error",
      timestamp: NOW,
    });
  });

  it("uses the error's own message and details when it has them", () => {
    const err = appError("validation_failed", "body.amount: required", { issues: [] });
    const body = errorBody(err, { timestamp: NOW });
    expect(body.error).toBe("body.amount: required");
    expect(body.details).toEqual({ issues: [] });
    expect(errorMessage(appError("conflict"))).toBe("Conflict");
  });

  it("produces bodies that match the error response schema", () => {
    const bodies = [
      errorBody(appError("route_not_found"), { timestamp: NOW }),
      errorBody(appError("agent_unavailable"), { timestamp: NOW, transactionId: "tx" }),
    ];
    for (const body of bodies) expect(errorResponseSchema.safeParse(body).success).toBe(true);
  });

  it("error response schema rejects success true and an unknown code", () => {
    const body = errorBody(appError("not_found"), { timestamp: NOW });
    expect(errorResponseSchema.safeParse({ ...body, success: true }).success).toBe(false);
    expect(errorResponseSchema.safeParse({ ...body, code: "teapot" }).success).toBe(false);
  });
});

describe("errors as values", () => {
  it("appError leaves out what was not given", () => {
    expect(appError("not_found")).toEqual({ code: "not_found" });
  });

  it("Result distinguishes values from errors", () => {
    const good = ok(3);
    const bad = fail<number>(appError("conflict"));
    expect(good).toEqual({ ok: true, value: 3 });
    expect(bad.ok).toBe(false);
  });

  it("toAppError unwraps a thrown AppError and hides anything else as internal_error", () => {
    const err = appError("payload_too_large");
    expect(toAppError(new AppErrorException(err))).toBe(err);
    expect(toAppError(new Error("secret detail"))).toEqual({ code: "internal_error" });
    expect(toAppError("string thrown")).toEqual({ code: "internal_error" });
  });
});
