import { defineCommand } from "citty";
import { FINAL_RUN_STATES } from "#shared/schemas/runs";
import { runAccessArgs } from "../args/run-access-args.js";
import { CliError } from "../errors/cli-error.js";
import { showFinalRun } from "../run/run-output.js";
import { runAccessFromArgs } from "../runs/run-access.js";
import { showRunStatus } from "../runs/run-status-view.js";
import { getRun } from "../runs/runs-api.js";

export default defineCommand({
  args: runAccessArgs,
  async run({ args }) {
    const { transactionId, gateway, credentials, out, hintOptions } = runAccessFromArgs(args);
    const run = await getRun({ gateway, transactionId, credentials });
    if (FINAL_RUN_STATES.has(run.status)) return showFinalRun({ out, gateway, run });
    showRunStatus(out, run);
    throw new CliError(
      "not_final",
      `run ${transactionId} is still ${run.status}: agentgate watch -x ${transactionId}${hintOptions} follows it to its end`,
    );
  },
});
