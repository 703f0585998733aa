/**
 * A final run (RunStatus) as the answer `run` has always printed: SPEC's execute body, so a
 * script reading `run --json` sees the same document whether the run was watched or waited for
 * (README.md, "run"). A canceled run, which the blocking execute never answered, reads as a
 * failed one with `status: "canceled"`.
 */
import type { z } from "zod";
import type { executeFailureResponseSchema } from "#shared/schemas/gateway";
import type { RunStatusResponse } from "#shared/schemas/runs";
import { CliError } from "../errors/cli-error.js";
import type { ExecuteAnswer } from "./run-gateway.js";

export type CanceledAnswer = Omit<z.output<typeof executeFailureResponseSchema>, "status"> & {
  status: "canceled";
};
export type RunAnswer = ExecuteAnswer | CanceledAnswer;

export function answerOfRun(run: RunStatusResponse): RunAnswer {
  const { transactionId, processId, timestamp } = run;
  const code = run.code === undefined ? {} : { code: run.code };
  switch (run.status) {
    case "completed":
      if (run.result === undefined) break;
      return {
        success: true,
        transactionId,
        processId,
        status: "completed",
        result: run.result,
        timestamp,
      };
    case "failed":
      return {
        success: false,
        transactionId,
        processId,
        status: "failed",
        error: run.error ?? "the run failed",
        ...code,
        timestamp,
      };
    case "canceled":
      return {
        success: false,
        transactionId,
        processId,
        status: "canceled",
        error: run.error ?? "the run was canceled",
        ...code,
        timestamp,
      };
    default:
      break;
  }
  throw new CliError(
    "unreachable",
    `run ${transactionId}: the gateway ended it as ${run.status} without its result`,
  );
}
