import { sha256Hex } from "#shared/auth/agent-signature";
import type { FinishArgs } from "../claims/claims-types.js";
import { claimsStub, outcomeQueueStub } from "../durable/stubs.js";
import type { GatewayAnswer } from "../http/respond.js";
import { agentAnswered } from "./run-answer.js";
import type { RunRecord, RunSpec } from "./run-types.js";

/**
 * What a run's end tells the rest of the gateway (docs/gateway.md, "The run object"): the claims
 * object marks the payment used and stores SPEC's answer under the Idempotency-Key (a free run
 * without the agent's answer forgets the key: a retry may run), and a paid run's outcome is
 * queued for the ledger: completed is delivered, anything else FAILED (the payer can refund).
 * Both are idempotent, so a run object that restarted before they were done calls them again.
 */
export async function settleRun(args: {
  env: GatewayEnv;
  spec: RunSpec;
  record: RunRecord;
  answer: GatewayAnswer;
}): Promise<void> {
  const { env, spec, record, answer } = args;
  const { transactionId, taskId, processId, payer } = spec;
  const answered = agentAnswered(record);
  const finish: FinishArgs = { transactionId, taskId };
  if (spec.idempotency !== null) {
    finish.idempotency = spec.idempotency;
    if (answered || taskId !== null) {
      finish.answer = { status: answer.status, body: JSON.stringify(answer.body) };
    }
  }
  if (taskId !== null || spec.idempotency !== null) {
    await claimsStub(env, processId, payer).finish(finish);
  }
  if (!answered && record.status !== "canceled") {
    console.error(
      "gateway: no usable answer",
      record.status,
      processId,
      transactionId,
      record.error,
    );
  }
  if (taskId !== null) {
    await outcomeQueueStub(env, processId).complete({
      processId,
      taskId,
      payer,
      delivered: record.status === "completed",
      resultHash:
        record.status === "completed" ? await sha256Hex(JSON.stringify(record.result)) : "",
    });
  }
}
