import { Ed25519PrivateKey } from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import { signCallerProof } from "#shared/auth/caller-proof";
import { ed25519AuthenticationKey } from "#shared/auth/caller-proof-address";
import type { Result } from "#shared/errors/app-error";
import { type RunAccessDeps, runAccess } from "../../src/runs/run-access.js";
import { runLinks } from "../../src/runs/run-status.js";
import { mintRunToken } from "../../src/runs/run-token.js";
import type { RunRecord } from "../../src/runs/run-types.js";

// Who may read or cancel a run (docs/gateway.md, "Who may read a run"), each attack first.

const ORIGIN = "https://gateway.test";
const ID = "019ac2a0-0000-7000-8000-000000000001";
const PATH = `/api/runs/${ID}`;
const EMPTY = new Uint8Array();
const NOW = Date.UTC(2026, 10, 26, 7);

const payer = Ed25519PrivateKey.generate();
const stranger = Ed25519PrivateKey.generate();
const authKey = (key: Ed25519PrivateKey) =>
  ed25519AuthenticationKey(key.publicKey().toUint8Array());

async function recordOf(tokenHash: string, over: Partial<RunRecord> = {}): Promise<RunRecord> {
  return {
    transactionId: ID,
    processId: "paid-process",
    payer: `0x${authKey(payer)}`,
    taskId: "task-1",
    tokenHash,
    status: "working",
    progress: null,
    outcome: null,
    createdAt: NOW - 1_000,
    startedAt: NOW - 500,
    endedAt: null,
    expiresAt: NOW + 60_000,
    links: runLinks(ORIGIN, ID),
    ...over,
  };
}

/** Deps over one record; counts reads so a test can see nothing was looked up. */
function depsOf(record: RunRecord | null, origin: string | null = ORIGIN) {
  const seen = new Set<string>();
  const calls = { reads: 0 };
  const deps: RunAccessDeps = {
    read: async () => {
      calls.reads++;
      return record;
    },
    authenticationKey: async () => authKey(payer),
    spendProof: async (_record, proof) => {
      if (seen.has(proof.signature)) return false;
      seen.add(proof.signature);
      return true;
    },
    publicOrigin: origin,
    nowMs: () => NOW,
  };
  return { deps, calls };
}

const access = (
  headers: Record<string, string>,
  deps: RunAccessDeps,
  method: "GET" | "POST" = "GET",
  path = PATH,
) => runAccess({ headers: new Headers(headers), method, path, body: EMPTY, deps });

async function proofOf(key: Ed25519PrivateKey, method = "GET", path = PATH) {
  return signCallerProof({ privateKey: key, origin: ORIGIN, method, path, body: "" });
}

function codeOf<T>(result: Result<T>): string {
  return result.ok ? "ok" : result.error.code;
}

describe("runAccess", () => {
  it("refuses a request with no credential before looking the run up (401)", async () => {
    const { token, tokenHash } = await mintRunToken();
    expect(token.startsWith("agr_")).toBe(true);
    const { deps, calls } = depsOf(await recordOf(tokenHash));
    expect(codeOf(await access({}, deps))).toBe("run_token_required");
    expect(codeOf(await access({ authorization: `Basic ${token}` }, deps))).toBe(
      "run_token_required",
    );
    expect(calls.reads).toBe(0);
  });

  it("grants the run's own token and refuses another run's or a made-up one (403)", async () => {
    const mine = await mintRunToken();
    const other = await mintRunToken();
    const { deps } = depsOf(await recordOf(mine.tokenHash));
    expect(codeOf(await access({ authorization: `Bearer ${mine.token}` }, deps))).toBe("ok");
    expect(codeOf(await access({ authorization: `bearer  ${mine.token} ` }, deps))).toBe("ok");
    expect(codeOf(await access({ authorization: `Bearer ${other.token}` }, deps))).toBe(
      "run_access_denied",
    );
    // The stored hash itself is no token.
    expect(codeOf(await access({ authorization: `Bearer ${mine.tokenHash}` }, deps))).toBe(
      "run_access_denied",
    );
  });

  it("answers 404 for an unknown run and for one past its keep time", async () => {
    const { token, tokenHash } = await mintRunToken();
    const bearer = { authorization: `Bearer ${token}` };
    expect(codeOf(await access(bearer, depsOf(null).deps))).toBe("run_not_found");
    const expired = await recordOf(tokenHash, { expiresAt: NOW });
    expect(codeOf(await access(bearer, depsOf(expired).deps))).toBe("run_not_found");
  });

  it("grants the payer's caller proof once, for this method and path only", async () => {
    const { tokenHash } = await mintRunToken();
    const { deps } = depsOf(await recordOf(tokenHash));
    const proof = await proofOf(payer);
    expect(codeOf(await access(proof, deps))).toBe("ok");
    const replay = await access(proof, deps);
    expect(replay.ok ? null : replay.error.details?.reason).toBe("replayed_signature");
    // A proof made to read cannot cancel, nor read another path.
    const read = await proofOf(payer);
    const cancel = await access(read, deps, "POST", `${PATH}/cancel`);
    expect(cancel.ok ? null : [cancel.error.code, cancel.error.details?.reason]).toEqual([
      "unauthorized",
      "bad_signature",
    ]);
  });

  it("refuses a sound proof by another account (403) and an incomplete one (401)", async () => {
    const { tokenHash } = await mintRunToken();
    const { deps } = depsOf(await recordOf(tokenHash));
    expect(codeOf(await access(await proofOf(stranger), deps))).toBe("run_access_denied");
    const { "x-agentgate-caller-signature": _, ...partial } = await proofOf(payer);
    expect(codeOf(await access(partial, deps))).toBe("unauthorized");
  });

  it("cannot check a proof without PUBLIC_ORIGIN (503), and says so", async () => {
    const { tokenHash } = await mintRunToken();
    const { deps } = depsOf(await recordOf(tokenHash), null);
    expect(codeOf(await access(await proofOf(payer), deps))).toBe("configuration_error");
  });
});
