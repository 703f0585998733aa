import { expect } from "vitest";
import { UUID_V7 } from "../../src/execute/transaction-id.js";

/**
 * What SPEC's failed-run 400 holds (SPEC.md, "Errors": execute, "agent process fails"), with the
 * gateway's `code` and whatever else `extra` names: the shape every run the agent or its data
 * stops answers in (docs/gateway.md, "Execute").
 */
export function failedRun(extra: Record<string, unknown> = {}) {
  return {
    success: false,
    status: "failed",
    transactionId: expect.stringMatching(UUID_V7),
    error: expect.any(String),
    timestamp: expect.any(String),
    ...extra,
  };
}
