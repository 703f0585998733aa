/** Which run a command of watch, result and cancel-run works on, and with what credentials. */
import { transactionIdSchema } from "#shared/schemas/agent";
import type { RunAccessArgValues } from "../args/run-access-args.js";
import { createOutput, type Output } from "../output/output.js";
import { gatewayBaseUrl } from "../runtime/gateway-client.js";
import { keySigner } from "../runtime/key-signer.js";
import { settingsFromArgs } from "../runtime/settings.js";
import { parseOption, requireValue } from "../validate/options.js";
import { chooseRunCredentials, type RunCredentials } from "./run-credentials.js";
import { findRunToken, runTokenStorePath } from "./run-token-store.js";

export interface RunAccess {
  transactionId: string;
  gateway: URL;
  credentials: RunCredentials;
  out: Output;
  /** The options a later command on this run needs as well (` --gateway <url>`), or "". */
  hintOptions: string;
}

export function runAccessFromArgs(args: RunAccessArgValues): RunAccess {
  const transactionId = parseOption(
    "transaction",
    transactionIdSchema,
    requireValue("transaction", args.transaction),
  );
  const gateway = gatewayBaseUrl(args.gateway);
  const stored =
    args.token === undefined
      ? findRunToken({ path: runTokenStorePath(), transactionId, gateway, now: Date.now() })
      : undefined;
  const credentials = chooseRunCredentials({
    transactionId,
    flag: args.token,
    stored: stored?.token,
    // Read only when no token is at hand: the key is then the payer's proof.
    signer: () => keySigner(settingsFromArgs(args)),
  });
  const out = createOutput({ json: args.json === true });
  return {
    transactionId,
    gateway,
    credentials,
    out,
    hintOptions: args.gateway ? ` --gateway ${args.gateway}` : "",
  };
}
