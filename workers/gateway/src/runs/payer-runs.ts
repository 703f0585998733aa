import { CALLER_PUBLIC_KEY_HEADER, normalizeAuthenticationKey } from "#shared/auth/caller-proof";
import { callerProofAddress } from "#shared/auth/caller-proof-address";
import { appError, fail, ok, type Result } from "#shared/errors/app-error";
import { gatewayConfig } from "../config.js";
import { claimsStub } from "../durable/stubs.js";
import { UUID_V7 } from "../execute/transaction-id.js";
import { checkCallerProof, replayedProofError } from "../http/caller-proof-check.js";
import { payerAuthenticationKey } from "../ledger/payer-authentication-key.js";
import type { RunRequest } from "./grant-run.js";
import { oldestKeptRunMs } from "./run-id-age.js";
import { RUN_KEEP_MS } from "./run-limits.js";
import { runStub } from "./run-stub.js";
import type { RunRecord } from "./run-types.js";

/** One page of a payer's runs; `pageToken` is empty on the last page. */
export type PayerRunsPage = { records: RunRecord[]; pageToken: string; total: number };

/**
 * The runs the caller paid for on one process, newest first, a page at a time (docs/gateway.md,
 * "A2A", "Who may read a task"): the caller proof over `request` names the payer (the account of
 * its public key, `callerProofAddress`) and is checked and spent as for reading one run
 * (run-access.ts); the payer's claims object of this process is the index, so a proof lists
 * nothing of another payer nor of another process. A run whose record is gone (past its keep
 * time) is skipped, so a page may hold fewer records than `pageSize`.
 */
export async function payerRuns(args: {
  env: GatewayEnv;
  processId: string;
  request: RunRequest;
  pageSize: number;
  /** The previous page's `pageToken`, or "" for the first page. */
  pageToken: string;
}): Promise<Result<PayerRunsPage>> {
  const { env, processId, request } = args;
  // The token is the last transaction id of the page before; anything else was not given here.
  if (args.pageToken !== "" && !UUID_V7.test(args.pageToken)) {
    return fail(appError("validation_failed", "pageToken is not a token this gateway gave"));
  }
  const payer = callerProofAddress(request.headers);
  if (payer === null) {
    return fail(
      appError("unauthorized", `${CALLER_PUBLIC_KEY_HEADER} must be 32 bytes of hex`, {
        reason: "malformed_proof",
      }),
    );
  }
  // Checked against its own key's account first, so a made-up signature costs no ledger read;
  // then the ledger must still give that account this key (one that rotated it lists nothing).
  const proof = await checkCallerProof({
    publicOrigin: gatewayConfig(env).publicOrigin,
    ...request,
    authenticationKey: payer,
  });
  if (!proof.ok) return proof;
  const current = await payerAuthenticationKey({ env, processId, payer });
  if (normalizeAuthenticationKey(current) !== payer.slice(2)) {
    return fail(
      appError("unauthorized", "The caller proof's public key no longer controls its account", {
        reason: "wrong_key",
      }),
    );
  }
  const nowMs = Date.now();
  const page = await claimsStub(env, processId, payer).paidRuns({
    nowSeconds: Math.floor(nowMs / 1000),
    proof: proof.value,
    sinceSeconds: Math.floor(oldestKeptRunMs({ nowMs, keepMs: RUN_KEEP_MS }) / 1000),
    before: args.pageToken === "" ? null : args.pageToken,
    limit: args.pageSize,
  });
  if (page.kind === "replayed_signature") return fail(replayedProofError());
  const read = await Promise.all(page.transactionIds.map((id) => runStub(env, id).read()));
  const records = read.filter(
    (record): record is RunRecord => record !== null && record.expiresAt > nowMs,
  );
  return ok({
    records,
    pageToken: page.more ? (page.transactionIds.at(-1) ?? "") : "",
    total: page.total,
  });
}
