import { Account, Ed25519PrivateKey } from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import {
  CALLER_ORIGIN_HEADER,
  CALLER_PROOF_MAX_SKEW_SECONDS,
  CALLER_PUBLIC_KEY_HEADER,
  CALLER_SIGNATURE_HEADER,
  CALLER_TIMESTAMP_HEADER,
  callerProofMessage,
  signCallerProof,
  verifyCallerProof,
} from "#shared/auth/caller-proof";
import { callerProofAddress, ed25519AuthenticationKey } from "#shared/auth/caller-proof-address";

const privateKey = new Ed25519PrivateKey(
  "0x1111111111111111111111111111111111111111111111111111111111111111",
);
const authKey = ed25519AuthenticationKey(privateKey.publicKey().toUint8Array());
const request = {
  origin: "https://gateway.example",
  method: "POST",
  path: "/api/execute/p1",
  body: '{"userAddress":"0x1","data":{}}',
};
const timestamp = 1_700_000_000;
const now = timestamp * 1000;

async function check(overrides: Partial<Parameters<typeof verifyCallerProof>[0]> = {}) {
  const headers = new Headers(await signCallerProof({ privateKey, ...request, timestamp }));
  return verifyCallerProof({ headers, ...request, authenticationKey: authKey, now, ...overrides });
}

describe("callerProofMessage", () => {
  it("joins the domain, canonical origin, upper-case method, path, timestamp and body hash", async () => {
    const message = await callerProofMessage({
      ...request,
      origin: "HTTPS://Gateway.Example:443",
      method: "post",
      timestamp,
    });
    // sha256 of the body, computed with `printf '%s' '<body>' | sha256sum`
    expect(message).toBe(
      "AGENTGATE-CALLER-PROOF-V2\nhttps://gateway.example\nPOST\n/api/execute/p1\n1700000000\n" +
        "adf87a640a6a9d1b81981a20e63bc74e729cc30255fa1bce521e33074ef50078",
    );
  });
});

describe("verifyCallerProof", () => {
  it("accepts a proof signed by the key behind the authentication key", async () => {
    const result = await check();
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.expiresAt).toBe(timestamp + CALLER_PROOF_MAX_SKEW_SECONDS);
  });

  it("accepts the key given as hex and the authentication key with a 0x prefix", async () => {
    const headers = new Headers(
      await signCallerProof({ privateKey: privateKey.toString(), ...request, timestamp }),
    );
    const result = await verifyCallerProof({
      headers,
      ...request,
      authenticationKey: `0x${authKey}`,
      now,
    });
    expect(result.ok).toBe(true);
  });

  it("refuses a request without the three headers", async () => {
    const result = await verifyCallerProof({
      headers: new Headers(),
      ...request,
      authenticationKey: authKey,
      now,
    });
    expect(result).toMatchObject({ ok: false, reason: "missing_proof" });
  });

  it("refuses a proof from another key", async () => {
    const other = Ed25519PrivateKey.generate();
    const headers = new Headers(
      await signCallerProof({ privateKey: other, ...request, timestamp }),
    );
    const result = await verifyCallerProof({
      headers,
      ...request,
      authenticationKey: authKey,
      now,
    });
    expect(result).toMatchObject({ ok: false, reason: "wrong_key" });
  });

  it("refuses a proof whose timestamp is more than five minutes off", async () => {
    const late = await check({ now: now + (CALLER_PROOF_MAX_SKEW_SECONDS + 1) * 1000 });
    expect(late).toMatchObject({ ok: false, reason: "stale_timestamp" });
    const early = await check({ now: now - (CALLER_PROOF_MAX_SKEW_SECONDS + 1) * 1000 });
    expect(early).toMatchObject({ ok: false, reason: "stale_timestamp" });
    expect((await check({ now: now + CALLER_PROOF_MAX_SKEW_SECONDS * 1000 })).ok).toBe(true);
  });

  it("refuses a proof for another body, path or method", async () => {
    for (const change of [
      { body: '{"userAddress":"0x1","data":{"x":1}}' },
      { path: "/api/execute/p2" },
      { method: "GET" },
    ]) {
      expect(await check(change)).toMatchObject({ ok: false, reason: "bad_signature" });
    }
  });

  it("refuses a proof made for another deployment's origin, whatever Host the request carries", async () => {
    // Signed for https://gateway.example, presented to a gateway configured as another origin.
    for (const origin of [
      "https://other.example",
      "http://gateway.example",
      "https://gateway.example:8443",
    ]) {
      expect(await check({ origin })).toMatchObject({ ok: false, reason: "wrong_origin" });
    }
  });

  it("refuses a proof whose origin header was rewritten to this gateway's", async () => {
    const headers = new Headers(
      await signCallerProof({ privateKey, ...request, origin: "https://other.example", timestamp }),
    );
    headers.set(CALLER_ORIGIN_HEADER, "https://gateway.example");
    const result = await verifyCallerProof({
      headers,
      ...request,
      authenticationKey: authKey,
      now,
    });
    expect(result).toMatchObject({ ok: false, reason: "bad_signature" });
  });

  it("asks for the origin header too", async () => {
    const headers = new Headers(await signCallerProof({ privateKey, ...request, timestamp }));
    headers.delete(CALLER_ORIGIN_HEADER);
    const result = await verifyCallerProof({
      headers,
      ...request,
      authenticationKey: authKey,
      now,
    });
    expect(result).toMatchObject({ ok: false, reason: "missing_proof" });
  });

  it("refuses malformed headers", async () => {
    const headers = new Headers(await signCallerProof({ privateKey, ...request, timestamp }));
    headers.set(CALLER_SIGNATURE_HEADER, "0x1234");
    expect(
      await verifyCallerProof({ headers, ...request, authenticationKey: authKey, now }),
    ).toMatchObject({ ok: false, reason: "malformed_proof" });
    headers.set(CALLER_TIMESTAMP_HEADER, "soon");
    expect(
      await verifyCallerProof({ headers, ...request, authenticationKey: authKey, now }),
    ).toMatchObject({ ok: false, reason: "malformed_proof" });
  });

  it("refuses a flipped signature bit", async () => {
    const headers = new Headers(await signCallerProof({ privateKey, ...request, timestamp }));
    const signature = headers.get(CALLER_SIGNATURE_HEADER) ?? "";
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`;
    headers.set(CALLER_SIGNATURE_HEADER, flipped);
    const result = await verifyCallerProof({
      headers,
      ...request,
      authenticationKey: authKey,
      now,
    });
    expect(result).toMatchObject({ ok: false, reason: "bad_signature" });
  });

  it("derives the legacy Ed25519 authentication key the ledger stores", () => {
    // The authentication key of a fresh account equals its address.
    const address = privateKey.publicKey().authKey().derivedAddress().toStringLong();
    expect(`0x${authKey}`).toBe(address);
    expect(CALLER_PUBLIC_KEY_HEADER).toBe("x-agentgate-caller-public-key");
  });
});

describe("callerProofAddress", () => {
  it("is the address of the proof key's account as created, long form", async () => {
    const account = Account.fromPrivateKey({ privateKey });
    const headers = new Headers(await signCallerProof({ privateKey, ...request, timestamp }));
    expect(callerProofAddress(headers)).toBe(account.accountAddress.toStringLong());
  });

  it("is null without a readable public key", () => {
    expect(callerProofAddress(new Headers())).toBeNull();
    const headers = new Headers({ [CALLER_PUBLIC_KEY_HEADER]: "0x1234" });
    expect(callerProofAddress(headers)).toBeNull();
  });
});
