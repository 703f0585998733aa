import { defineCommand } from "citty";
import { runAccessArgs } from "../args/run-access-args.js";
import { showFinalRun } from "../run/run-output.js";
import { runAccessFromArgs } from "../runs/run-access.js";
import { runUrl } from "../runs/runs-api.js";
import { watchRun } from "../runs/watch-run.js";

export default defineCommand({
  args: runAccessArgs,
  async run({ args }) {
    const { transactionId, gateway, credentials, out, hintOptions } = runAccessFromArgs(args);
    const run = await watchRun({
      eventsUrl: runUrl(gateway, transactionId, "/events"),
      transactionId,
      credentials,
      json: out.json,
      hintOptions,
    });
    await showFinalRun({ out, gateway, run });
  },
});
