import { Ed25519PrivateKey, PrivateKey, PrivateKeyVariants } from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import {
  AGENT_KEY_HEADER,
  AGENT_OWNER_HEADER,
  AGENT_PROCESS_HEADER,
  AGENT_SIGNATURE_HEADER,
  AGENT_SIGNATURE_MAX_SKEW_SECONDS,
  AGENT_TIMESTAMP_HEADER,
  type AgentRequestSigner,
  agentRequestMessage,
  parseGatewayPublicKey,
  signAgentRequest,
  verifyAgentRequest,
} from "#shared/auth/agent-signature";
import { hexToBytes } from "#shared/auth/bytes";
import { ed25519SeedSigner } from "#shared/auth/ed25519-signer";

// The vector of docs/agent.md ("Gateway signatures"), computed with Node's own Ed25519
// (node:crypto sign with a PKCS#8 key of this seed), independent of the ts-sdk used to sign here.
const SEED = `0x${"42".repeat(32)}`;
const PUBLIC_KEY = "0x2152f8d19b791d24453242e15f2eab6cb7cffa7b6a5ed30097960e069881db12";
const OWNER = `0x${"ab".repeat(32)}`;
const BODY = '{"transactionId":"tx-1","processId":"echo","userAddress":"0x1","data":{}}';
const BODY_HASH = "9fa48095eaef3914bf14e958d67a8150c7a53d5a15c7afc43b1d7d4951e46787";
const SIGNATURE =
  "0x38709a98d9f77642788e47a6aa4cceb6797b99e3670f456b355fe699d93d7a1bba2bcc76572f2025d4447ca059c5dabc24ad3fbc0f46828546c33fa46ee9e60e";
const TIMESTAMP = 1_700_000_000;
const NOW = TIMESTAMP * 1000;

function signerOf(seed: string): AgentRequestSigner {
  const key = new Ed25519PrivateKey(PrivateKey.formatPrivateKey(seed, PrivateKeyVariants.Ed25519));
  return {
    publicKey: key.publicKey().toUint8Array(),
    sign: (message) => key.sign(message).toUint8Array(),
  };
}

const gateway = signerOf(SEED);
const request = {
  processId: "echo",
  ownerAddress: OWNER,
  method: "POST",
  url: "https://echo_agent.internal/execute",
  transactionId: "tx-1",
  body: BODY,
};

const sign = (overrides: Partial<typeof request> = {}, signer = gateway, timestamp = TIMESTAMP) =>
  signAgentRequest({ signer, ...request, ...overrides, timestamp });

const verify = async (
  headers: Record<string, string>,
  overrides: Partial<typeof request> & { gatewayKeys?: string[]; now?: number } = {},
) =>
  verifyAgentRequest({
    gatewayKeys: [PUBLIC_KEY],
    ...request,
    now: NOW,
    ...overrides,
    headers: new Headers(headers),
  });

describe("the docs/agent.md test vector", () => {
  it("has the documented message text", async () => {
    expect(
      await agentRequestMessage({
        processId: "echo",
        ownerAddress: OWNER,
        method: "post",
        pathAndQuery: "/execute",
        timestamp: "1700000000",
        transactionId: "tx-1",
        body: BODY,
      }),
    ).toBe(
      `AGENTGATE-GATEWAY-REQUEST-V1\necho\n${OWNER}\nPOST\n/execute\n1700000000\ntx-1\n${BODY_HASH}`,
    );
  });

  it("signs to the documented headers", async () => {
    expect(await sign()).toEqual({
      [AGENT_KEY_HEADER]: PUBLIC_KEY,
      [AGENT_PROCESS_HEADER]: "echo",
      [AGENT_OWNER_HEADER]: OWNER,
      [AGENT_TIMESTAMP_HEADER]: "1700000000",
      [AGENT_SIGNATURE_HEADER]: SIGNATURE,
    });
  });

  it("verifies", async () => {
    expect(await verify(await sign())).toEqual({ ok: true });
  });

  it("signs to the documented signature on Web Crypto too (the gateway's signer)", async () => {
    const seed = hexToBytes(SEED.slice(2)) ?? new Uint8Array(0);
    const webCrypto = { ...gateway, sign: ed25519SeedSigner(seed) };
    const headers = await sign({}, webCrypto);
    expect(headers[AGENT_SIGNATURE_HEADER]).toBe(SIGNATURE);
    expect(await verify(headers)).toEqual({ ok: true });
  });

  it("signs the path and query as sent, not the host", async () => {
    const headers = await sign({ url: "https://elsewhere.example/execute" });
    expect(headers[AGENT_SIGNATURE_HEADER]).toBe(SIGNATURE);
  });
});

describe("verifyAgentRequest refuses", () => {
  it("a request signed by another key, even one presenting itself as the gateway's", async () => {
    const forger = signerOf(`0x${"07".repeat(32)}`);
    const forged = await sign({}, forger);
    expect(await verify(forged)).toMatchObject({ ok: false, status: 401, reason: "unknown_key" });
    // Claiming the gateway's key with the forger's signature.
    expect(await verify({ ...forged, [AGENT_KEY_HEADER]: PUBLIC_KEY })).toMatchObject({
      ok: false,
      status: 401,
      reason: "bad_signature",
    });
  });

  it("a request without the headers", async () => {
    expect(await verify({})).toMatchObject({ status: 401, reason: "missing_signature" });
  });

  it.each([
    ["uppercase key hex", { [AGENT_KEY_HEADER]: PUBLIC_KEY.toUpperCase().replace("0X", "0x") }],
    ["a signature without 0x", { [AGENT_SIGNATURE_HEADER]: SIGNATURE.slice(2) }],
    ["a short owner", { [AGENT_OWNER_HEADER]: "0x1" }],
    ["a timestamp with a leading zero", { [AGENT_TIMESTAMP_HEADER]: "01700000000" }],
    ["a timestamp with a sign", { [AGENT_TIMESTAMP_HEADER]: "+1700000000" }],
  ])("malformed headers: %s", async (_, change) => {
    expect(await verify({ ...(await sign()), ...change })).toMatchObject({
      status: 401,
      reason: "malformed_signature",
    });
  });

  it("a timestamp more than the skew away, either way", async () => {
    const skew = AGENT_SIGNATURE_MAX_SKEW_SECONDS;
    expect(await verify(await sign({}, gateway, TIMESTAMP - skew))).toEqual({ ok: true });
    for (const timestamp of [TIMESTAMP - skew - 1, TIMESTAMP + skew + 1]) {
      expect(await verify(await sign({}, gateway, timestamp))).toMatchObject({
        status: 401,
        reason: "stale_timestamp",
      });
    }
  });

  it.each([
    ["another body", { body: BODY.replace("0x1", "0x2") }],
    ["another transactionId", { transactionId: "tx-2" }],
    ["another method", { method: "PUT" }],
    ["another path", { url: "https://echo_agent.internal/logs/tx-1" }],
    ["another query", { url: "https://echo_agent.internal/execute?x=1" }],
  ])("a request that differs from the signed one: %s", async (_, served) => {
    expect(await verify(await sign(), served)).toMatchObject({
      status: 401,
      reason: "bad_signature",
    });
  });

  it("a header's claim changed after signing", async () => {
    const headers = await sign();
    expect(
      await verify({ ...headers, [AGENT_OWNER_HEADER]: `0x${"cd".repeat(32)}` }),
    ).toMatchObject({ status: 401, reason: "bad_signature" });
    expect(await verify({ ...headers, [AGENT_TIMESTAMP_HEADER]: "1700000001" })).toMatchObject({
      status: 401,
      reason: "bad_signature",
    });
  });

  it("a genuine request for another process or another owner, with 403", async () => {
    expect(await verify(await sign(), { processId: "text-stats" })).toMatchObject({
      status: 403,
      reason: "wrong_process",
    });
    expect(await verify(await sign(), { ownerAddress: `0x${"cd".repeat(32)}` })).toMatchObject({
      status: 403,
      reason: "wrong_owner",
    });
  });
});

describe("key rotation", () => {
  it("accepts a request signed by any of several configured keys (rotation)", async () => {
    const next = signerOf(`0x${"09".repeat(32)}`);
    const nextKey = `0x${Buffer.from(next.publicKey).toString("hex")}`;
    const gatewayKeys = [nextKey, PUBLIC_KEY];
    expect(await verify(await sign(), { gatewayKeys })).toEqual({ ok: true });
    expect(await verify(await sign({}, next), { gatewayKeys })).toEqual({ ok: true });
  });
});

describe("parseGatewayPublicKey", () => {
  it("accepts 0x and 64 hex, lowercased; refuses anything else", () => {
    expect(parseGatewayPublicKey(` ${PUBLIC_KEY.toUpperCase().replace("0X", "0x")} `)).toBe(
      PUBLIC_KEY,
    );
    for (const bad of ["", PUBLIC_KEY.slice(2), `${PUBLIC_KEY}00`, "0xzz", "secret"]) {
      expect(parseGatewayPublicKey(bad)).toBeNull();
    }
  });
});

describe("a gateway key of small order (a forged signature verifies under it)", () => {
  // The identity point: with R = identity and S = 0, a plain RFC 8032 verifier accepts every
  // message (shared/src/auth/ed25519-strict.ts).
  const IDENTITY = `0x01${"00".repeat(31)}`;

  it("is refused as a configured gateway key", () => {
    expect(parseGatewayPublicKey(IDENTITY)).toBeNull();
  });

  it("verifies no request, should one be configured anyway", async () => {
    const forged = `0x01${"00".repeat(63)}`;
    const result = await verifyAgentRequest({
      method: "POST",
      url: "https://agent.example/execute",
      headers: new Headers({
        [AGENT_PROCESS_HEADER]: "echo",
        [AGENT_OWNER_HEADER]: OWNER,
        [AGENT_TIMESTAMP_HEADER]: String(TIMESTAMP),
        [AGENT_SIGNATURE_HEADER]: forged,
        [AGENT_KEY_HEADER]: IDENTITY,
      }),
      transactionId: "tx-1",
      body: BODY,
      gatewayKeys: [IDENTITY],
      ownerAddress: OWNER,
      processId: "echo",
      now: NOW,
    });
    expect(result.ok).toBe(false);
  });
});
