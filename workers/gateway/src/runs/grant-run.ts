import { ok, type Result } from "#shared/errors/app-error";
import { runAccess } from "./run-access.js";
import { runAccessDepsFor } from "./run-access-deps.js";
import { type RunStub, runStub } from "./run-stub.js";
import type { RunRecord } from "./run-types.js";

/** What a run's credential is checked against: the request as received, which a proof signs. */
export type RunRequest = {
  headers: Headers;
  method: "GET" | "POST";
  /** Path and query as received. */
  path: string;
  body: Uint8Array;
};

/**
 * The run a transaction id names and its record, once the request's credential opens it
 * (runs/run-access.ts: the run's access token, or its payer's caller proof over `request`). The
 * one grant of every transport that reads or cancels a run: the runs API, A2A's tasks, MCP's.
 */
export async function grantRun(args: {
  env: GatewayEnv;
  transactionId: string;
  request: RunRequest;
  /** How the run's record is read, when not by the object's read() (the events route). */
  read?: () => Promise<RunRecord | null>;
}): Promise<Result<{ run: RunStub; record: RunRecord }>> {
  const { env, transactionId, read } = args;
  const run = runStub(env, transactionId);
  const access = await runAccess({
    ...args.request,
    deps: runAccessDepsFor({ env, run, transactionId, ...(read === undefined ? {} : { read }) }),
  });
  return access.ok ? ok({ run, record: access.value }) : access;
}
