/**
 * Reading an A2A task as the gateway answers it (docs/gateway.md, "A2A"): its state, result,
 * access token, payment offer and receipt, and a stream's events folded into the task.
 */
import { type StreamResponse, type Task, TaskState, type TaskStatusUpdateEvent } from "@a2a-js/sdk";
import { PaymentRequiredV2Schema } from "@x402/core/schemas";
import type { PaymentRequirements } from "@x402/core/types";
import { type RunEvent, runProgressSchema } from "#shared/schemas/runs";
import {
  type EscrowRequirementExtra,
  escrowRequirementExtraSchema,
} from "#shared/x402/escrow-scheme";

const ACCESS_TOKEN_KEY = "agentgate/accessToken";
const OFFER_KEY = "x402.payment.required";
const RECEIPTS_KEY = "x402.payment.receipts";

/** The state's short name: `completed`, `input-required`, ... */
export function stateName(task: Task): string {
  const name = TaskState[task.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED] ?? "unknown";
  return name
    .replace(/^TASK_STATE_/, "")
    .toLowerCase()
    .replaceAll("_", "-");
}

/** The `result` artifact's data part: the agent's result (null when there is none). */
export function resultOf(task: Task): unknown {
  const artifact = task.artifacts.find((a) => a.name === "result") ?? task.artifacts[0];
  return artifact?.parts[0]?.content?.value ?? null;
}

/** The status message's text: why a task failed or was rejected, a log line while working. */
export function statusText(task: Pick<Task, "status">): string | undefined {
  const parts = task.status?.message?.parts ?? [];
  const texts = parts.flatMap((p) => (p.content?.$case === "text" ? [p.content.value] : []));
  return texts.length === 0 ? undefined : texts.join(" ");
}

/**
 * A streamed status update as the run event it reports (docs/gateway.md, "Blocking": a log line
 * or progress report is a `working` update marked in its message's metadata), so `a2a send
 * --stream` shows the lines `run` shows (run-live-view.ts). The final state comes with the
 * result, which the command prints: undefined.
 */
export function runEventOf(update: TaskStatusUpdateEvent): RunEvent | undefined {
  const metadata = update.status?.message?.metadata;
  const text = statusText(update);
  const progress = runProgressSchema.safeParse(metadata?.["agentgate/progress"]);
  if (progress.success) return { type: "progress", progress: progress.data };
  if (metadata?.["agentgate/log"] === true && text !== undefined)
    return { type: "log", line: text };
  return update.status?.state === TaskState.TASK_STATE_WORKING
    ? { type: "status", status: "working" }
    : undefined;
}

export function accessTokenOf(task: Task): string | undefined {
  const token = task.metadata?.[ACCESS_TOKEN_KEY];
  return typeof token === "string" ? token : undefined;
}

/** An escrow offer the CLI can pay: the requirement it answers and the make_payment to sign. */
export interface EscrowOffer {
  accepted: PaymentRequirements;
  extra: EscrowRequirementExtra;
}

/**
 * The a2a-x402 offer of an `input-required` task (its first escrow requirement); undefined for
 * any other task, and an offer this CLI cannot read is one it cannot pay (null).
 */
export function offerOf(task: Task): EscrowOffer | null | undefined {
  if (task.status?.state !== TaskState.TASK_STATE_INPUT_REQUIRED) return undefined;
  const parsed = PaymentRequiredV2Schema.safeParse(task.status.message?.metadata?.[OFFER_KEY]);
  const first = parsed.success ? parsed.data.accepts[0] : undefined;
  const extra = escrowRequirementExtraSchema.safeParse(first?.extra);
  if (first === undefined || !extra.success || !isCaip2(first.network)) return null;
  return {
    accepted: { ...first, network: first.network, extra: extra.data },
    extra: extra.data,
  };
}

function isCaip2(network: string): network is `${string}:${string}` {
  return network.includes(":");
}

/** The payment's SettleResponse, as the paid task's status message carries it. */
export function receiptOf(task: Task): unknown {
  const receipts: unknown = task.status?.message?.metadata?.[RECEIPTS_KEY];
  return Array.isArray(receipts) ? (receipts[0] ?? null) : null;
}

/**
 * One stream event folded into the task so far: the first event is the task, status updates
 * replace its status, artifact updates add or extend an artifact. Returns the new task.
 */
export function foldEvent(task: Task | undefined, event: StreamResponse): Task | undefined {
  const payload = event.payload;
  if (payload?.$case === "task") return payload.value;
  if (task === undefined) return undefined;
  if (payload?.$case === "statusUpdate") return { ...task, status: payload.value.status };
  if (payload?.$case === "artifactUpdate" && payload.value.artifact !== undefined) {
    const artifact = payload.value.artifact;
    const others = task.artifacts.filter((a) => a.artifactId !== artifact.artifactId);
    const before = task.artifacts.find((a) => a.artifactId === artifact.artifactId);
    const parts =
      payload.value.append && before ? [...before.parts, ...artifact.parts] : artifact.parts;
    return { ...task, artifacts: [...others, { ...artifact, parts }] };
  }
  return task;
}
