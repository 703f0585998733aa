import { describe, expect, it } from "vitest";
import { appError } from "#shared/errors/app-error";
import type { PaymentRequired } from "#shared/x402/transport";
import { answerOf, refused } from "../../src/http/failure.js";

// The one place a failure of the paid path becomes its answer (docs/gateway.md, "Paths a request
// takes"; docs/x402.md, "Which answer: 402 or 400").

const required: PaymentRequired = {
  x402Version: 2,
  error: "Payment required",
  resource: { url: "https://gateway.test/api/execute/p1" },
  accepts: [],
};

describe("answerOf", () => {
  it("puts the requirements of a 402 in its body and beside it", () => {
    const answer = answerOf({
      kind: "refused",
      error: appError("x402_payment_required"),
      processId: "p1",
      x402: { required },
    });
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ x402Version: 2, success: false, processId: "p1" });
    expect(answer.body.code).toBe("x402_payment_required");
    expect(answer.x402?.required).toEqual(required);
  });

  it("keeps SPEC's 400 Payment required body, the requirements beside it only", () => {
    const answer = answerOf({
      kind: "refused",
      error: appError("payment_required"),
      processId: "p1",
      x402: { required },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).not.toHaveProperty("x402Version");
    expect(answer.body).toMatchObject({ error: "Payment required", processId: "p1" });
    expect(answer.x402?.required).toEqual(required);
  });

  it("answers a run stopped before it ran as SPEC's failed run under its transaction id", () => {
    const answer = answerOf({
      kind: "failed_run",
      error: appError("agent_unavailable", "unreachable"),
      transactionId: "tx-1",
      processId: "p1",
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      transactionId: "tx-1",
      status: "failed",
      code: "agent_unavailable",
    });
  });

  it("names the process only when the request named one", () => {
    expect(answerOf(refused(appError("conflict"))).body).not.toHaveProperty("processId");
    expect(answerOf(refused(appError("conflict"), "p1")).body).toMatchObject({ processId: "p1" });
  });
});
