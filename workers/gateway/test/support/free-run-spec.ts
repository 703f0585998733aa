import { runLinks } from "../../src/runs/run-status.js";
import type { RunSpec } from "../../src/runs/run-types.js";
import { GATEWAY } from "./ledger-fixtures.js";

/** The spec of a free run on the echo agent, for tests that drive a run object directly. */
export function freeSpec(transactionId: string, processId = "settle-alarm"): RunSpec {
  return {
    transactionId,
    processId,
    payer: `0x${"1".repeat(64)}`,
    taskId: null,
    ownerAddress: `0x${"2".repeat(64)}`,
    serviceUrl: "service://ECHO_AGENT",
    agentRequest: { transactionId, processId, userAddress: `0x${"1".repeat(64)}`, data: {} },
    tokenHash: "0".repeat(64),
    timeoutMs: 60_000,
    idempotency: null,
    links: runLinks(GATEWAY, transactionId),
  };
}
