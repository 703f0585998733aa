import { appError, fail, ok, type Result } from "#shared/errors/app-error";
import {
  checkCallerProof,
  replayedProofError,
  type VerifiedProof,
} from "../http/caller-proof-check.js";
import { runCredentialOf } from "./run-credential.js";
import { runTokenMatches } from "./run-token.js";
import type { RunRecord } from "./run-types.js";

/** What deciding who may read or cancel one run needs; built from the env by run-access-deps.ts. */
export type RunAccessDeps = {
  /** The run's record, or null when unknown or deleted after its keep time. */
  read(): Promise<RunRecord | null>;
  /** The payer's authentication key, as the ledger holds it now. */
  authenticationKey(record: RunRecord): Promise<string | Uint8Array>;
  /** Remembers a verified proof's signature; false when it was seen before (a replay). */
  spendProof(record: RunRecord, proof: VerifiedProof): Promise<boolean>;
  publicOrigin: string | null;
  nowMs(): number;
};

/**
 * Who may read, watch or cancel a run (docs/gateway.md, "Who may read a run"): the holder of
 * its access token, or its payer with a caller proof of this very request (method, path, body).
 * Without a credential nothing is looked up (401); a credential is judged only against a run that
 * exists and is still kept (else 404), so a wrong one is 403 and never reveals the run.
 */
export async function runAccess(args: {
  headers: Headers;
  method: "GET" | "POST";
  /** Path and query as received: the caller proof signs them. */
  path: string;
  /** The body as received (empty for these routes): the caller proof hashes it. */
  body: Uint8Array;
  deps: RunAccessDeps;
}): Promise<Result<RunRecord>> {
  const { deps } = args;
  const credential = runCredentialOf(args.headers);
  if (credential.kind === "none") {
    return fail(appError("run_token_required", undefined, { reason: credential.why }));
  }
  const record = await deps.read();
  if (record === null || record.expiresAt <= deps.nowMs()) return fail(appError("run_not_found"));
  if (credential.kind === "token") {
    return (await runTokenMatches(credential.token, record.tokenHash))
      ? ok(record)
      : fail(appError("run_access_denied", "This access token is not this run's"));
  }
  const proof = await checkCallerProof({
    publicOrigin: deps.publicOrigin,
    headers: args.headers,
    method: args.method,
    path: args.path,
    body: args.body,
    authenticationKey: await deps.authenticationKey(record),
  });
  if (!proof.ok) {
    // A sound proof by another account's key is a refusal of who is asking, not of the proof.
    if (proof.error.details?.reason === "wrong_key") {
      return fail(appError("run_access_denied", "This caller proof is not the run's payer's"));
    }
    return proof;
  }
  if (!(await deps.spendProof(record, proof.value))) {
    return fail(replayedProofError());
  }
  return ok(record);
}
