import { defineCommand } from "citty";
import { runAccessArgs } from "../args/run-access-args.js";
import { runAccessFromArgs } from "../runs/run-access.js";
import { showRunStatus } from "../runs/run-status-view.js";
import { cancelRun } from "../runs/runs-api.js";

export default defineCommand({
  args: runAccessArgs,
  async run({ args }) {
    const { transactionId, gateway, credentials, out } = runAccessFromArgs(args);
    // A paid run its agent has started is not canceled (409 run_not_cancelable): the gateway's
    // message says why (docs/gateway.md, "Canceling a run") and the command exits 5.
    showRunStatus(out, await cancelRun({ gateway, transactionId, credentials }));
  },
});
