import { Ed25519PrivateKey } from "@aptos-labs/ts-sdk";
import { ED25519_TORSION_SUBGROUP, ed25519 } from "@noble/curves/ed25519";
import { describe, expect, it } from "vitest";
import { hexToBytes } from "#shared/auth/bytes";
import {
  ED25519_GROUP_ORDER,
  isCanonicalScalar,
  isStrictPointEncoding,
  verifyEd25519Strict,
} from "#shared/auth/ed25519-strict";
import { IDENTITY_KEY, L, NOBODYS_SIGNATURE, withLAddedToS } from "./ed25519-vectors.js";

const message = new TextEncoder().encode("pay 1 APT to bob");
const privateKey = new Ed25519PrivateKey(`ed25519-priv-0x${"22".repeat(32)}`);
const publicKey = privateKey.publicKey().toUint8Array();
const signature = privateKey.sign(message).toUint8Array();

function bytes(hex: string): Uint8Array {
  const out = hexToBytes(hex);
  if (out === null) throw new Error(`not hex: ${hex}`);
  return out;
}

/** Little-endian 32 bytes of a non-negative integer below 2^256. */
function le32(value: bigint): Uint8Array {
  return Uint8Array.from({ length: 32 }, (_, i) => Number((value >> BigInt(8 * i)) & 0xffn));
}

describe("verifyEd25519Strict", () => {
  it("accepts a genuine signature and refuses it for another message", async () => {
    expect(await verifyEd25519Strict({ publicKey, signature, message })).toBe(true);
    const other = new TextEncoder().encode("pay 2 APT to bob");
    expect(await verifyEd25519Strict({ publicKey, signature, message: other })).toBe(false);
  });

  it("refuses the identity key with R = identity and S = 0, which plain Ed25519 accepts", async () => {
    const forged = { publicKey: IDENTITY_KEY, signature: NOBODYS_SIGNATURE, message };
    const key = await crypto.subtle.importKey("raw", IDENTITY_KEY, "Ed25519", false, ["verify"]);
    // The attack: the runtime's RFC 8032 verifier takes it (if this changes, the test still guards).
    expect(await crypto.subtle.verify("Ed25519", key, NOBODYS_SIGNATURE, message)).toBe(true);
    expect(await verifyEd25519Strict(forged)).toBe(false);
  });

  it("refuses a genuine signature with L added to S", async () => {
    const malleated = withLAddedToS(signature);
    expect(await verifyEd25519Strict({ publicKey, signature: malleated, message })).toBe(false);
  });

  it("refuses every small-order key with the trivial signature", async () => {
    for (const hex of ED25519_TORSION_SUBGROUP) {
      const small = bytes(hex);
      const sig = new Uint8Array(64);
      sig.set(IDENTITY_KEY);
      expect(await verifyEd25519Strict({ publicKey: small, signature: sig, message })).toBe(false);
    }
  });

  it("refuses wrong lengths", async () => {
    expect(
      await verifyEd25519Strict({ publicKey: publicKey.subarray(1), signature, message }),
    ).toBe(false);
    expect(
      await verifyEd25519Strict({ publicKey, signature: signature.subarray(1), message }),
    ).toBe(false);
  });
});

describe("isStrictPointEncoding", () => {
  it("refuses the eight small-order points, checked against the curve itself", () => {
    for (const hex of ED25519_TORSION_SUBGROUP) {
      const point = ed25519.ExtendedPoint.fromHex(hex);
      expect(point.multiplyUnsafe(8n).equals(ed25519.ExtendedPoint.ZERO)).toBe(true);
      expect(isStrictPointEncoding(bytes(hex))).toBe(false);
    }
  });

  it("refuses small-order points encoded with the x sign bit set or with y >= p", () => {
    const p = (1n << 255n) - 19n;
    // x = 0 with the sign bit set: the identity and the point of order 2.
    expect(isStrictPointEncoding(le32(1n | (1n << 255n)))).toBe(false);
    expect(isStrictPointEncoding(le32(p - 1n + (1n << 255n)))).toBe(false);
    // y + p for y = 0 and y = 1, the only small-order y below 19.
    expect(isStrictPointEncoding(le32(p))).toBe(false);
    expect(isStrictPointEncoding(le32(p + 1n))).toBe(false);
    expect(isStrictPointEncoding(le32(p + 1n + (1n << 255n)))).toBe(false);
  });

  it("refuses every y >= p and accepts an ordinary key", () => {
    const p = (1n << 255n) - 19n;
    for (let k = 0n; k < 19n; k++) expect(isStrictPointEncoding(le32(p + k))).toBe(false);
    expect(isStrictPointEncoding(publicKey)).toBe(true);
    expect(isStrictPointEncoding(signature.subarray(0, 32))).toBe(true);
  });
});

describe("isCanonicalScalar", () => {
  it("accepts S < L and refuses S >= L", () => {
    expect(ED25519_GROUP_ORDER).toBe(L);
    expect(isCanonicalScalar(le32(L - 1n))).toBe(true);
    expect(isCanonicalScalar(le32(L))).toBe(false);
    expect(isCanonicalScalar(le32((1n << 256n) - 1n))).toBe(false);
  });
});
