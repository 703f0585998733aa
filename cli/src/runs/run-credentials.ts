/**
 * Who may read or cancel a run (docs/gateway.md, "Runs"): the holder of its access token, or its
 * payer with a caller proof signed over the method and path and an empty body. `--token` comes
 * first, then the token this CLI kept when it started the run, then the key's caller proof.
 */
import { callerProofHeaders } from "#shared/auth/caller-proof-message";
import { RUN_TOKEN_PREFIX } from "#shared/schemas/runs";
import { usageError } from "../errors/cli-error.js";
import { registerSecret } from "../errors/secrets.js";
import type { Ed25519Signer } from "../runtime/ed25519-signer.js";

export type RunCredentials =
  | { kind: "token"; token: string }
  | { kind: "proof"; signer: Ed25519Signer };

// The gateway mints agr_ and 64 hex digits (base64url letters are let through too); anything else
// could only be refused, or smuggle a line break into a header.
const TOKEN_SHAPE = new RegExp(`^${RUN_TOKEN_PREFIX}[A-Za-z0-9_-]{16,256}$`);

/** A token given on the line or kept in the token file, checked before it is sent anywhere. */
export function tokenCredentials(token: string, source: string): RunCredentials {
  if (!TOKEN_SHAPE.test(token)) {
    throw usageError(
      `${source}: not a run access token (agr_ followed by 16 to 256 letters, digits, _ or -)`,
    );
  }
  registerSecret(token);
  return { kind: "token", token };
}

export function chooseRunCredentials(args: {
  transactionId: string;
  flag: string | undefined;
  stored: string | undefined;
  signer: () => Ed25519Signer | undefined;
}): RunCredentials {
  if (args.flag !== undefined) return tokenCredentials(args.flag.trim(), "--token");
  if (args.stored !== undefined) return tokenCredentials(args.stored, "the kept token");
  const signer = args.signer();
  if (signer) return { kind: "proof", signer };
  throw usageError(
    `no access token kept for run ${args.transactionId}: pass --token, or the payer's key (-p/--private-key, APTOS_PRIVATE_KEY, --profile)`,
  );
}

/** The headers of one request with these credentials (a caller proof is signed for it alone). */
export async function credentialHeaders(
  credentials: RunCredentials,
  method: "GET" | "POST",
  url: URL,
): Promise<Record<string, string>> {
  if (credentials.kind === "token") return { authorization: `Bearer ${credentials.token}` };
  return callerProofHeaders({
    signer: credentials.signer,
    origin: url.origin,
    method,
    path: `${url.pathname}${url.search}`,
    body: "",
  });
}
