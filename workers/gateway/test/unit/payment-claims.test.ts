import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  IDEMPOTENCY_MAX_ANSWER_BYTES,
  IDEMPOTENCY_MAX_KEYS,
} from "../../src/claims/claims-types.js";

let n = 0;
/** A fresh claims object per test: one (processId, userAddress) pair each. */
function claims() {
  n += 1;
  return env.CLAIMS.getByName(`claims-test-${n}-${crypto.randomUUID()}`);
}

// The object's clean-up alarm prunes by the real clock (payment-claims-object.ts), as the
// gateway's own calls are timed: the tests' times are real ones too.
const now = Math.floor(Date.now() / 1000);

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
    expect(first).toEqual({ kind: "admitted", taskId: "a", idempotent: false });
    expect(second).toEqual({ kind: "admitted", taskId: "b", idempotent: false });
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

  it("keeps a claim whatever the run's outcome: a payment pays for one attempt", async () => {
    const stub = claims();
    await stub.admit({ transactionId: "t1", nowSeconds: now, claimFrom: ["a", "b"] });
    await stub.admit({ transactionId: "t2", nowSeconds: now, claimFrom: ["a", "b"] });
    // t1's run failed, t2's succeeded: neither payment is offered again.
    await stub.finish({ transactionId: "t1", taskId: "a" });
    await stub.finish({ transactionId: "t2", taskId: "b" });
    expect(await stub.unclaimed(["a", "b", "c"])).toEqual(["c"]);
    expect(
      await stub.admit({ transactionId: "t3", nowSeconds: now, claimFrom: ["a", "b"] }),
    ).toEqual({ kind: "no_payment" });
  });

  it("stops recording keys past the count cap, but still admits the request", async () => {
    const stub = claims();
    for (let i = 0; i < IDEMPOTENCY_MAX_KEYS; i++) {
      const r = await stub.admit({
        transactionId: `t${i}`,
        nowSeconds: now,
        idempotency: { route: "execute", key: `k${i}`, bodyHash: "h" },
      });
      expect(r).toEqual({ kind: "admitted", taskId: null, idempotent: true });
    }
    const over = { route: "execute", key: "over", bodyHash: "h" };
    expect(await stub.admit({ transactionId: "x1", nowSeconds: now, idempotency: over })).toEqual({
      kind: "admitted",
      taskId: null,
      idempotent: false,
    });
    // Not recorded: the same key again is admitted again rather than "in progress".
    expect(await stub.admit({ transactionId: "x2", nowSeconds: now, idempotency: over })).toEqual({
      kind: "admitted",
      taskId: null,
      idempotent: false,
    });
  });

  it("stores no answer past the byte cap and forgets its key", async () => {
    const stub = claims();
    const big = `"${"x".repeat(1024 * 1024)}"`;
    const perAnswer = new TextEncoder().encode(big).length;
    const fit = Math.floor(IDEMPOTENCY_MAX_ANSWER_BYTES / perAnswer);
    for (let i = 0; i <= fit; i++) {
      const idem = { route: "execute", key: `k${i}`, bodyHash: "h" };
      await stub.admit({ transactionId: `t${i}`, nowSeconds: now, idempotency: idem });
      await stub.finish({
        transactionId: `t${i}`,
        taskId: null,
        idempotency: { route: "execute", key: `k${i}` },
        answer: { status: 200, body: big },
      });
    }
    const stored = await stub.admit({
      transactionId: "again-first",
      nowSeconds: now,
      idempotency: { route: "execute", key: "k0", bodyHash: "h" },
    });
    expect(stored.kind).toBe("stored_answer");
    // The answer that did not fit was not kept, and neither was its key.
    const last = await stub.admit({
      transactionId: "again-last",
      nowSeconds: now,
      idempotency: { route: "execute", key: `k${fit}`, bodyHash: "other" },
    });
    expect(last).toMatchObject({ kind: "admitted" });
  });

  it("refuses a caller-proof signature seen before", async () => {
    const stub = claims();
    const proof = { signature: "ab".repeat(64), expiresAt: now + 300 };
    expect(await stub.admit({ transactionId: "t1", nowSeconds: now, proof })).toEqual({
      kind: "admitted",
      taskId: null,
      idempotent: false,
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
    expect(admitted).toEqual({ kind: "admitted", taskId: "a", idempotent: true });
    expect(await stub.admit({ transactionId: "t2", nowSeconds: now, idempotency: idem })).toEqual({
      kind: "idempotency_in_progress",
    });
    await stub.finish({
      transactionId: "t1",
      taskId: "a",
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
      idempotency: { route: "payment", key: "k" },
      answer: { status: 200, body: "{}" },
    });
    const later = await stub.admit({
      transactionId: "t2",
      nowSeconds: now + 24 * 3600 + 1,
      idempotency: idem,
    });
    expect(later).toEqual({ kind: "admitted", taskId: null, idempotent: true });
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
    expect(other).toEqual({ kind: "admitted", taskId: null, idempotent: true });
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
      idempotent: true,
    });
  });
});
