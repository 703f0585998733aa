import type { Ed25519Account } from "@aptos-labs/ts-sdk";
import { signCallerProof } from "#shared/auth/caller-proof";
import {
  FINAL_RUN_STATES,
  type RunAcceptedResponse,
  type RunStatusResponse,
  runAcceptedResponseSchema,
  runStatusResponseSchema,
} from "#shared/schemas/runs";
import { SELF } from "./checked-self.js";
import { execute, GATEWAY } from "./ledger-fixtures.js";

/** POST /api/execute/:processId with `Prefer: respond-async`: the 202's body, checked. */
export async function startRun(args: {
  processId: string;
  body: Record<string, unknown>;
  signer?: Ed25519Account | null;
}): Promise<RunAcceptedResponse> {
  const res = await execute({ ...args, headers: { prefer: "respond-async" } });
  const body: unknown = await res.json();
  if (res.status !== 202)
    throw new Error(`the async start answered ${res.status}: ${JSON.stringify(body)}`);
  return runAcceptedResponseSchema.parse(body);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The payer's caller proof of `method path` with an empty body (docs/gateway.md, "Who may read a run"). */
export function runProof(signer: Ed25519Account, method: "GET" | "POST", path: string) {
  return signCallerProof({
    privateKey: signer.privateKey,
    origin: GATEWAY,
    method,
    path,
    body: "",
  });
}

export const runPath = (transactionId: string, tail = "") => `/api/runs/${transactionId}${tail}`;

/** A request to one of the run routes, through the declared-answers check. */
export function runRequest(args: {
  transactionId: string;
  tail?: "" | "/events" | "/cancel";
  headers?: Record<string, string>;
}): Promise<Response> {
  const tail = args.tail ?? "";
  return SELF.fetch(`${GATEWAY}${runPath(args.transactionId, tail)}`, {
    method: tail === "/cancel" ? "POST" : "GET",
    headers: args.headers ?? {},
  });
}

/** GET the run with its token until it is final (bounded: a run ends by its time limit). */
export async function finalRun(transactionId: string, token: string): Promise<RunStatusResponse> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await runRequest({ transactionId, headers: bearer(token) });
    const run = runStatusResponseSchema.parse(await res.json());
    if (FINAL_RUN_STATES.has(run.status)) return run;
    if (Date.now() > deadline) throw new Error(`run ${transactionId} still ${run.status}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}
