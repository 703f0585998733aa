import { describe, expect, it } from "vitest";
import { CliError } from "../../src/errors/cli-error.js";
import { failedAfterSending } from "../../src/run/pay-and-run-recovery.js";
import { gatewayError } from "../../src/runtime/gateway-client.js";

// What `run --pay` says after a 5xx (docs/x402.md, "After the commit"; docs/gateway.md, step 10).

const at = { processId: "p1", taskId: "t1", payer: `0x${"ab".repeat(32)}` };

function answer(status: number, code: string) {
  const response = {
    status,
    body: { success: false, error: "the ledger did not answer", code },
    headers: new Headers(),
  };
  return { response, error: gatewayError(response, "run p1") };
}

describe("failedAfterSending", () => {
  it("says to refund, not to run on it, when the payment committed but its run claim was not confirmed", () => {
    const { response, error } = answer(503, "ledger_unavailable");
    const said = failedAfterSending(error, { response, committed: true, at });
    expect(said).toBeInstanceOf(CliError);
    expect(said.message).toMatch(/committed but nothing ran/);
    expect(said.message).toContain("agentgate refund -i p1 -t t1");
    expect(said.message).not.toContain("agentgate run");
  });

  it("keeps the payment in doubt for any other 5xx, or a 503 whose payment is not known to have committed", () => {
    for (const [status, code, committed] of [
      [500, "internal_error", true],
      [503, "ledger_unavailable", false],
    ] as const) {
      const { response, error } = answer(status, code);
      const said = failedAfterSending(error, { response, committed, at });
      expect(said.message).toContain("may have committed");
      expect(said.message).toContain("agentgate run -i p1 -t t1");
    }
  });
});
