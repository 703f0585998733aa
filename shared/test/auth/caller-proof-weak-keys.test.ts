import { Ed25519PrivateKey } from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import { bytesToHex, hexToBytes } from "#shared/auth/bytes";
import {
  CALLER_ORIGIN_HEADER,
  CALLER_PUBLIC_KEY_HEADER,
  CALLER_SIGNATURE_HEADER,
  CALLER_TIMESTAMP_HEADER,
  signCallerProof,
  verifyCallerProof,
} from "#shared/auth/caller-proof";
import { ed25519AuthenticationKey } from "#shared/auth/caller-proof-address";
import { IDENTITY_KEY, NOBODYS_SIGNATURE, withLAddedToS } from "./ed25519-vectors.js";

// docs/gateway.md, "Caller proof": the gateway verifies Ed25519 strictly, so a key of small
// order (which "signs" every message) controls no account.

const request = {
  origin: "https://gateway.example",
  method: "POST",
  path: "/api/execute/p1",
  body: '{"userAddress":"0x1","data":{}}',
};
const timestamp = 1_700_000_000;
const now = timestamp * 1000;

describe("verifyCallerProof with weak keys and malleable signatures", () => {
  it("refuses a forged proof under the identity public key (R = identity, S = 0)", async () => {
    const headers = new Headers({
      [CALLER_ORIGIN_HEADER]: request.origin,
      [CALLER_PUBLIC_KEY_HEADER]: `0x${bytesToHex(IDENTITY_KEY)}`,
      [CALLER_TIMESTAMP_HEADER]: String(timestamp),
      [CALLER_SIGNATURE_HEADER]: `0x${bytesToHex(NOBODYS_SIGNATURE)}`,
    });
    const result = await verifyCallerProof({
      headers,
      ...request,
      authenticationKey: ed25519AuthenticationKey(IDENTITY_KEY),
      now,
    });
    expect(result).toMatchObject({ ok: false, reason: "bad_signature" });
  });

  it("refuses a valid proof whose S has L added (S >= L)", async () => {
    const privateKey = Ed25519PrivateKey.generate();
    const signed = await signCallerProof({ privateKey, ...request, timestamp });
    const signature = hexToBytes(signed[CALLER_SIGNATURE_HEADER].slice(2));
    if (signature === null) throw new Error("the signature header is hex");
    const authenticationKey = ed25519AuthenticationKey(privateKey.publicKey().toUint8Array());
    const genuine = await verifyCallerProof({
      headers: new Headers(signed),
      ...request,
      authenticationKey,
      now,
    });
    expect(genuine.ok).toBe(true);
    const headers = new Headers({
      ...signed,
      [CALLER_SIGNATURE_HEADER]: `0x${bytesToHex(withLAddedToS(signature))}`,
    });
    const result = await verifyCallerProof({ headers, ...request, authenticationKey, now });
    expect(result).toMatchObject({ ok: false, reason: "bad_signature" });
  });
});
