import { sha256Hex } from "#shared/auth/agent-signature";
import { appError } from "#shared/errors/app-error";
import { checkCallerProof } from "../http/caller-proof-check.js";
import { type Failure, refused } from "../http/failure.js";
import { storedAnswer } from "../http/stored-answer.js";
import type { AdmitArgs, AdmitResult, ClaimsApi, IdempotencyKey } from "./claims-types.js";

/** A request as the caller proof and idempotency see it: the bytes as received. */
export type ProvenRequest = {
  headers: Headers;
  /** Path and query as received: the caller proof signs them. */
  path: string;
  /** The body exactly as received: the caller proof and idempotency hash these bytes. */
  rawBody: Uint8Array;
  idempotencyKey: string | null;
};

export type CallerAdmission =
  | {
      kind: "admitted";
      /** The payment claimed, when the call named payments to claim from. */
      taskId: string | null;
      /** The key the answer is finished under, or null: none sent, or over the object's cap. */
      idempotency: IdempotencyKey | null;
    }
  | { kind: "no_payment" }
  | { kind: "refused"; failure: Failure };

/**
 * The caller proof, then one atomic call to the claims object: the proof is not a replay, the
 * Idempotency-Key is new (or its answer is replayed), one usable payment is claimed when
 * `claimFrom` names some. One admission for every route that takes a proof or a key
 * (docs/gateway.md, "Idempotency", "Caller proof").
 */
export async function admitCaller(args: {
  request: ProvenRequest;
  route: string;
  processId: string;
  transactionId: string;
  publicOrigin: string | null;
  authenticationKey: string | Uint8Array;
  claims: () => ClaimsApi;
  claimFrom?: readonly string[];
}): Promise<CallerAdmission> {
  const { request, route, processId } = args;
  const proof = await checkCallerProof({
    publicOrigin: args.publicOrigin,
    headers: request.headers,
    method: "POST",
    path: request.path,
    body: request.rawBody,
    authenticationKey: args.authenticationKey,
  });
  if (!proof.ok) return { kind: "refused", failure: refused(proof.error, processId) };
  const admit: AdmitArgs = {
    transactionId: args.transactionId,
    nowSeconds: Math.floor(Date.now() / 1000),
    proof: proof.value,
  };
  const key = request.idempotencyKey;
  if (key !== null) {
    admit.idempotency = { route, key, bodyHash: await sha256Hex(request.rawBody) };
  }
  if (args.claimFrom !== undefined) admit.claimFrom = args.claimFrom;
  const admitted = await args.claims().admit(admit);
  if (admitted.kind === "no_payment") return { kind: "no_payment" };
  if (admitted.kind !== "admitted") {
    return { kind: "refused", failure: admitRefusal(admitted, processId) };
  }
  const idempotent = admitted.idempotent && key !== null;
  return {
    kind: "admitted",
    taskId: admitted.taskId,
    idempotency: idempotent ? { route, key } : null,
  };
}

/** Why the claims object did not admit the request (docs/gateway.md, "Idempotency"). */
function admitRefusal(
  admitted: Exclude<AdmitResult, { kind: "admitted" | "no_payment" }>,
  processId: string,
): Failure {
  switch (admitted.kind) {
    case "stored_answer":
      return { kind: "answered", answer: storedAnswer(admitted) };
    case "replayed_signature":
      return refused(
        appError("unauthorized", "This caller proof was already used; sign each request afresh", {
          reason: "replayed_signature",
        }),
        processId,
      );
    case "idempotency_conflict":
      return refused(
        appError("conflict", "This Idempotency-Key was used with another body"),
        processId,
      );
    case "idempotency_in_progress":
      return refused(
        appError("conflict", "A request with this Idempotency-Key is still running"),
        processId,
      );
  }
}
