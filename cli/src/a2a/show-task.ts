/**
 * What `agentgate a2a send` prints (README.md, "a2a send"): the result and the receipt of a
 * completed task, the task id and access token with --async (kept, so `watch -x` and `result -x`
 * open it: a task is a run), and one error line for a task that did not complete.
 */
import type { Task } from "@a2a-js/sdk";
import { CliError } from "../errors/cli-error.js";
import { formatKeyValues, toJson } from "../output/format.js";
import type { Output } from "../output/output.js";
import { gatewayKey, rememberRunToken, runTokenStorePath } from "../runs/run-token-store.js";
import { accessTokenOf, resultOf, stateName, statusText } from "./a2a-task.js";

const ENDED_WITHOUT_RESULT = new Set(["failed", "canceled", "rejected", "input-required"]);

export function showTask(args: {
  task: Task;
  /** The payment's SettleResponse (null for a free task): send-a2a.ts keeps it. */
  receipt: unknown;
  processId: string;
  gateway: URL;
  async: boolean;
  out: Output;
}): void {
  const { task, processId, out } = args;
  const state = stateName(task);
  if (ENDED_WITHOUT_RESULT.has(state)) {
    const why = statusText(task) ?? "no reason given";
    throw new CliError("refused", `a2a send ${processId}: task ${task.id} ${state}: ${why}`);
  }
  const accessToken = accessTokenOf(task);
  if (accessToken !== undefined) keepToken({ ...args, accessToken });
  const { receipt } = args;
  if (args.async) {
    out.result({ taskId: task.id, state, accessToken: accessToken ?? null, receipt }, () =>
      formatKeyValues([
        ["task", task.id],
        ["state", state],
        ["access token", accessToken ?? "(none)"],
        ...(receipt === null ? [] : ([["receipt", toJson(receipt)]] as const)),
      ]),
    );
    out.note(`follow it: agentgate watch -x ${task.id}`);
    return;
  }
  const result = resultOf(task);
  out.result({ taskId: task.id, state, result, receipt }, () =>
    [toJson(result), ...(receipt === null ? [] : [`receipt ${toJson(receipt)}`])].join("\n"),
  );
}

/** The task's token, kept as `run` keeps a run's (cli/src/run/run-async.ts). */
function keepToken(args: {
  task: Task;
  processId: string;
  gateway: URL;
  accessToken: string;
  out: Output;
}): void {
  const kept = rememberRunToken({
    path: runTokenStorePath(),
    run: {
      transactionId: args.task.id,
      gateway: gatewayKey(args.gateway),
      processId: args.processId,
      token: args.accessToken,
    },
    // A task names no expiry: the store keeps it its least, 24 h (run-token-store.ts).
    expiresAt: new Date().toISOString(),
    now: Date.now(),
  });
  if (!kept.ok) args.out.note(`the task's access token was not kept (${kept.reason})`);
}
