import { verifyCallerProof } from "#shared/auth/caller-proof";
import { type AppError, appError, fail, ok, type Result } from "#shared/errors/app-error";

export type VerifiedProof = { signature: string; expiresAt: number };

/**
 * The caller proof of a request against the account's authentication key, over this gateway's
 * configured public origin (docs/gateway.md, "Caller proof"). Without PUBLIC_ORIGIN nothing that
 * needs a proof is served: the gateway cannot know which origin a proof must name.
 */
export async function checkCallerProof(args: {
  publicOrigin: string | null;
  headers: Headers;
  method: string;
  path: string;
  body: Uint8Array;
  authenticationKey: string | Uint8Array;
}): Promise<Result<VerifiedProof>> {
  if (args.publicOrigin === null) return fail(missingOrigin());
  const proof = await verifyCallerProof({
    headers: args.headers,
    origin: args.publicOrigin,
    method: args.method,
    path: args.path,
    body: args.body,
    authenticationKey: args.authenticationKey,
  });
  if (!proof.ok) return fail(appError("unauthorized", proof.message, { reason: proof.reason }));
  return ok({ signature: proof.signature, expiresAt: proof.expiresAt });
}

function missingOrigin(): AppError {
  return appError(
    "configuration_error",
    "PUBLIC_ORIGIN is not set, so this gateway cannot check caller proofs; its operator must set it",
  );
}

/** A caller proof whose signature was accepted before (docs/gateway.md, "Caller proof"). */
export function replayedProofError(): AppError {
  return appError("unauthorized", "This caller proof was already used; sign each request afresh", {
    reason: "replayed_signature",
  });
}
