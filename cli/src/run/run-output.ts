import { CliError } from "../errors/cli-error.js";
import { formatApt, formatKeyValues } from "../output/format.js";
import type { Output } from "../output/output.js";
import { fetchLogs } from "../runtime/fetch-logs.js";
import type { ExecuteAnswer } from "./run-gateway.js";
import type { RunPayment } from "./run-pay-and-run.js";

/** The run's logs through the gateway; a note and undefined when they cannot be read. */
export function runLogs(args: {
  gateway: URL;
  processId: string;
  transactionId: string;
  out: Output;
}): Promise<string[] | undefined> {
  const { gateway, processId, transactionId } = args;
  return fetchLogs({ gateway, processId, transactionId }).then(
    (l) => l.logs,
    (error: unknown) => {
      args.out.note(`logs unavailable: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    },
  );
}

/** Prints the run's result (JSON or lines); a failed run then ends the command as refused. */
export function showRunResult(args: {
  out: Output;
  processId: string;
  answer: ExecuteAnswer;
  taskId: string | undefined;
  payment: RunPayment | undefined;
  logs: string[] | undefined;
}): void {
  const { out, processId, answer, taskId, payment, logs } = args;
  out.result(
    {
      ...answer,
      ...(taskId === undefined ? {} : { taskId }),
      ...(payment === undefined ? {} : { payment }),
      ...(logs === undefined ? {} : { logs }),
    },
    () =>
      formatKeyValues([
        ["process", processId],
        ["transaction", answer.transactionId],
        ["status", answer.status],
        ...(taskId === undefined ? [] : ([["task id", taskId]] as [string, string][])),
        ...(payment === undefined
          ? []
          : ([["payment", `${formatApt(BigInt(payment.amount))} (${payment.transactionHash})`]] as [
              string,
              string,
            ][])),
        answer.success
          ? ["result", JSON.stringify(answer.result, null, 2)]
          : ["error", answer.error],
        ["logs", logs === undefined ? "(unavailable)" : logs.length ? logs.join("\n") : "(none)"],
      ]),
  );
  if (!answer.success) {
    throw new CliError(
      "refused",
      `run ${processId} failed: ${answer.error} (transaction ${answer.transactionId})`,
    );
  }
}
