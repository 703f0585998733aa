import { gatewayConfig } from "../config.js";
import { claimsStub } from "../durable/stubs.js";
import { payerAuthenticationKey } from "../ledger/payer-authentication-key.js";
import type { RunAccessDeps } from "./run-access.js";
import type { CancelableRun } from "./run-cancel.js";
import { runIdMayBeKept } from "./run-id-age.js";
import { RUN_KEEP_MS } from "./run-limits.js";
import type { RunRecord } from "./run-types.js";
import type { RunWatchSource } from "./watch-run.js";

/** What the runs routes ask of one run object (RunObject, binding RUNS). */
export type RunObjectApi = CancelableRun & RunWatchSource;

/**
 * The access check's deps from the Worker's env. The payer's key is read fresh from the ledger
 * (no cache: it may have been rotated), and a proof's signature is spent in the payer's claims
 * object, the one place signatures are remembered (docs/gateway.md, "Caller proof").
 */
export function runAccessDepsFor(args: {
  env: GatewayEnv;
  run: RunObjectApi;
  transactionId: string;
  /** How the run's record is read, when not by `run.read()` (the events route's watch-run.ts). */
  read?: () => Promise<RunRecord | null>;
}): RunAccessDeps {
  const { env, run, transactionId } = args;
  const read = args.read ?? (() => run.read());
  return {
    read: async () =>
      runIdMayBeKept({ transactionId, nowMs: Date.now(), keepMs: RUN_KEEP_MS }) ? read() : null,
    authenticationKey: (record) =>
      payerAuthenticationKey({ env, processId: record.processId, payer: record.payer }),
    spendProof: async (record, proof) => {
      const admitted = await claimsStub(env, record.processId, record.payer).admit({
        transactionId: record.transactionId,
        nowSeconds: Math.floor(Date.now() / 1000),
        proof,
      });
      return admitted.kind !== "replayed_signature";
    },
    publicOrigin: gatewayConfig(env).publicOrigin,
    nowMs: () => Date.now(),
  };
}
