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

/** The second of the last caller proof this process signed. */
let lastProofSecond = 0;

/**
 * A second no earlier proof of this process used. The gateway takes each proof once, and Ed25519
 * signatures are deterministic: two proofs of the same request in the same second would be one,
 * and the second refused as a replay (docs/gateway.md, "Who may read a run"). A reconnect of a
 * watch within the second waits for the next (a clock that went back waits not at all: the
 * gateway allows 300 s of skew).
 */
export async function freshProofSecond(now: () => number = Date.now): Promise<number> {
  const second = Math.max(Math.floor(now() / 1000), lastProofSecond + 1);
  const wait = second * 1000 - now();
  if (wait > 0 && wait <= 1000) await new Promise((done) => setTimeout(done, wait));
  lastProofSecond = second;
  return second;
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
    timestamp: await freshProofSecond(),
  });
}
