import { sha256Hex } from "#shared/auth/agent-signature";
import { bytesToHex } from "#shared/auth/bytes";
import { RUN_TOKEN_PREFIX } from "#shared/schemas/runs";

/**
 * A run access token (docs/gateway.md, "Who may read a run"): 32 random bytes, shown once in the
 * 202 answer; the run object keeps only its SHA-256, so a leaked run record grants nothing.
 */
export async function mintRunToken(): Promise<{ token: string; tokenHash: string }> {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  const token = `${RUN_TOKEN_PREFIX}${bytesToHex(bytes)}`;
  return { token, tokenHash: await sha256Hex(token) };
}

/** Whether `token` is the one `tokenHash` was made from; compares hashes, never the token. */
export async function runTokenMatches(token: string, tokenHash: string): Promise<boolean> {
  if (!token.startsWith(RUN_TOKEN_PREFIX)) return false;
  return (await sha256Hex(token)) === tokenHash;
}
