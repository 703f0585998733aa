import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

let n = 0;
/** A fresh claims object per test: one (processId, userAddress) pair each. */
function claims() {
  n += 1;
  return env.CLAIMS.getByName(`claims-test-${n}-${crypto.randomUUID()}`);
}

const now = 1_700_000_000;

describe("PaymentClaimsObject", () => {
  it("claims the oldest unclaimed payment, then the next, then none", async () => {
    const stub = claims();
    const first = await stub.admit({ transactionId: "t1", nowSeconds: now, claimFrom: ["a", "b"] });
    const second = await stub.admit({
      transactionId: "t2",
      nowSeconds: now,
      claimFrom: ["a", "b"],
    });
    const third = await stub.admit({ transactionId: "t3", nowSeconds: now, claimFrom: ["a", "b"] });
    expect(first).toEqual({ kind: "admitted", taskId: "a" });
    expect(second).toEqual({ kind: "admitted", taskId: "b" });
    expect(third).toEqual({ kind: "no_payment" });
  });

  it("lets exactly one of 50 concurrent claims on one payment through", async () => {
    const stub = claims();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        stub.admit({ transactionId: `t${i}`, nowSeconds: now, claimFrom: ["only"] }),
      ),
    );
    expect(results.filter((r) => r.kind === "admitted")).toHaveLength(1);
    expect(results.filter((r) => r.kind === "no_payment")).toHaveLength(49);
  });

  it("releases a payment when the agent failed and keeps it when the agent answered", async () => {
    const stub = claims();
    await stub.admit({ transactionId: "t1", nowSeconds: now, claimFrom: ["a", "b"] });
    await stub.admit({ transactionId: "t2", nowSeconds: now, claimFrom: ["a", "b"] });
    await stub.finish({ transactionId: "t1", taskId: "a", agentSucceeded: false });
    await stub.finish({ transactionId: "t2", taskId: "b", agentSucceeded: true });
    expect(await stub.unclaimed(["a", "b", "c"])).toEqual(["a", "c"]);
  });

  it("refuses a caller-proof signature seen before", async () => {
    const stub = claims();
    const proof = { signature: "ab".repeat(64), expiresAt: now + 300 };
    expect(await stub.admit({ transactionId: "t1", nowSeconds: now, proof })).toEqual({
      kind: "admitted",
      taskId: null,
    });
    expect(await stub.admit({ transactionId: "t2", nowSeconds: now + 10, proof })).toEqual({
      kind: "replayed_signature",
    });
  });

  it("returns the stored answer for the same key and body, and 409 for another body", async () => {
    const stub = claims();
    const idem = { route: "execute", key: "k1", bodyHash: "h1" };
    const admitted = await stub.admit({
      transactionId: "t1",
      nowSeconds: now,
      idempotency: idem,
      claimFrom: ["a"],
    });
    expect(admitted).toEqual({ kind: "admitted", taskId: "a" });
    expect(await stub.admit({ transactionId: "t2", nowSeconds: now, idempotency: idem })).toEqual({
      kind: "idempotency_in_progress",
    });
    await stub.finish({
      transactionId: "t1",
      taskId: "a",
      agentSucceeded: true,
      idempotency: { route: "execute", key: "k1" },
      answer: { status: 200, body: '{"success":true}' },
    });
    expect(
      await stub.admit({
        transactionId: "t3",
        nowSeconds: now + 60,
        idempotency: idem,
        claimFrom: [],
      }),
    ).toEqual({ kind: "stored_answer", status: 200, body: '{"success":true}' });
    expect(
      await stub.admit({
        transactionId: "t4",
        nowSeconds: now,
        idempotency: { ...idem, bodyHash: "h2" },
      }),
    ).toEqual({ kind: "idempotency_conflict" });
  });

  it("forgets an idempotent answer after 24 hours", async () => {
    const stub = claims();
    const idem = { route: "payment", key: "k", bodyHash: "h" };
    await stub.admit({ transactionId: "t1", nowSeconds: now, idempotency: idem });
    await stub.finish({
      transactionId: "t1",
      taskId: null,
      agentSucceeded: true,
      idempotency: { route: "payment", key: "k" },
      answer: { status: 200, body: "{}" },
    });
    const later = await stub.admit({
      transactionId: "t2",
      nowSeconds: now + 24 * 3600 + 1,
      idempotency: idem,
    });
    expect(later).toEqual({ kind: "admitted", taskId: null });
  });

  it("scopes keys by route", async () => {
    const stub = claims();
    await stub.admit({
      transactionId: "t1",
      nowSeconds: now,
      idempotency: { route: "payment", key: "k", bodyHash: "h" },
    });
    const other = await stub.admit({
      transactionId: "t2",
      nowSeconds: now,
      idempotency: { route: "execute", key: "k", bodyHash: "x" },
    });
    expect(other).toEqual({ kind: "admitted", taskId: null });
  });

  it("drops the key's reservation when there is no payment to claim, so a retry may pay later", async () => {
    const stub = claims();
    const idem = { route: "execute", key: "k", bodyHash: "h" };
    expect(
      await stub.admit({ transactionId: "t1", nowSeconds: now, idempotency: idem, claimFrom: [] }),
    ).toEqual({
      kind: "no_payment",
    });
    expect(
      await stub.admit({
        transactionId: "t2",
        nowSeconds: now,
        idempotency: idem,
        claimFrom: ["p"],
      }),
    ).toEqual({
      kind: "admitted",
      taskId: "p",
    });
  });
});
