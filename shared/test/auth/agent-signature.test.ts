import { describe, expect, it } from "vitest";
import {
  AGENT_SIGNATURE_HEADER,
  AGENT_SIGNATURE_MAX_SKEW_SECONDS,
  AGENT_TIMESTAMP_HEADER,
  signAgentRequest,
  verifyAgentRequest,
} from "../../src/auth/agent-signature.js";

const secret = "s3cret";
const body = '{"transactionId":"tx-1","data":{}}';
const timestamp = 1_700_000_000;
const now = timestamp * 1000;

describe("signAgentRequest", () => {
  it("matches an HMAC-SHA256 computed independently with openssl", async () => {
    // printf '1700000000\ntx-1\n<sha256 of body>' | openssl dgst -sha256 -hmac s3cret
    const headers = await signAgentRequest({ secret, timestamp, transactionId: "tx-1", body });
    expect(headers).toEqual({
      [AGENT_TIMESTAMP_HEADER]: "1700000000",
      [AGENT_SIGNATURE_HEADER]:
        "v1=48f94ce1eca7f046046c194b3149a258e31901e5934d6f7567c6739d9779604b",
    });
  });

  it("signs bytes and the same text identically", async () => {
    const fromText = await signAgentRequest({ secret, timestamp, transactionId: "t", body });
    const fromBytes = await signAgentRequest({
      secret,
      timestamp,
      transactionId: "t",
      body: new TextEncoder().encode(body),
    });
    expect(fromBytes).toEqual(fromText);
  });
});

describe("verifyAgentRequest", () => {
  const signed = () => signAgentRequest({ secret, timestamp, transactionId: "tx-1", body });

  it("accepts a request signed with the same secret, as Headers or a plain record", async () => {
    const headers = await signed();
    expect(await verifyAgentRequest({ secret, headers, transactionId: "tx-1", body, now })).toEqual(
      { ok: true },
    );
    expect(
      await verifyAgentRequest({
        secret,
        headers: new Headers(headers),
        transactionId: "tx-1",
        body,
        now,
      }),
    ).toEqual({ ok: true });
  });

  it("accepts a timestamp exactly at the skew limit on either side", async () => {
    const headers = await signed();
    const skew = AGENT_SIGNATURE_MAX_SKEW_SECONDS * 1000;
    for (const at of [now - skew, now + skew]) {
      const check = await verifyAgentRequest({
        secret,
        headers,
        transactionId: "tx-1",
        body,
        now: at,
      });
      expect(check.ok).toBe(true);
    }
  });

  it("rejects a request without signature headers", async () => {
    const check = await verifyAgentRequest({
      secret,
      headers: {},
      transactionId: "tx-1",
      body,
      now,
    });
    expect(check).toMatchObject({ ok: false, reason: "missing_signature" });
    const onlyTimestamp = { [AGENT_TIMESTAMP_HEADER]: String(timestamp) };
    expect(
      await verifyAgentRequest({
        secret,
        headers: onlyTimestamp,
        transactionId: "tx-1",
        body,
        now,
      }),
    ).toMatchObject({ ok: false, reason: "missing_signature" });
  });

  it("rejects a timestamp that is not whole seconds", async () => {
    const headers = { ...(await signed()), [AGENT_TIMESTAMP_HEADER]: "17e8" };
    expect(
      await verifyAgentRequest({ secret, headers, transactionId: "tx-1", body, now }),
    ).toMatchObject({ ok: false, reason: "malformed_timestamp" });
  });

  it("rejects a stale or future timestamp beyond five minutes", async () => {
    const headers = await signed();
    const skew = (AGENT_SIGNATURE_MAX_SKEW_SECONDS + 1) * 1000;
    for (const at of [now + skew, now - skew]) {
      const check = await verifyAgentRequest({
        secret,
        headers,
        transactionId: "tx-1",
        body,
        now: at,
      });
      expect(check).toMatchObject({ ok: false, reason: "stale_timestamp" });
    }
  });

  it("rejects a wrong secret, another transaction id, a changed body or a changed timestamp", async () => {
    const headers = await signed();
    const cases = [
      { secret: "other", headers, transactionId: "tx-1", body },
      { secret, headers, transactionId: "tx-2", body },
      { secret, headers, transactionId: "tx-1", body: `${body} ` },
      {
        secret,
        headers: { ...headers, [AGENT_TIMESTAMP_HEADER]: String(timestamp + 1) },
        transactionId: "tx-1",
        body,
      },
    ];
    for (const args of cases) {
      expect(await verifyAgentRequest({ ...args, now })).toMatchObject({
        ok: false,
        reason: "bad_signature",
      });
    }
  });

  it("rejects a malformed signature value without throwing", async () => {
    const headers = await signed();
    const mac = headers[AGENT_SIGNATURE_HEADER].slice(3);
    for (const bad of [mac, "v1=zz", "v1=abc", `v2=${mac}`, ""]) {
      const check = await verifyAgentRequest({
        secret,
        headers: { ...headers, [AGENT_SIGNATURE_HEADER]: bad },
        transactionId: "tx-1",
        body,
        now,
      });
      expect(check).toMatchObject({ ok: false, reason: "bad_signature" });
    }
  });
});
