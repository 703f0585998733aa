import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newTransactionId } from "../../src/execute/transaction-id.js";

// The claims object's index of its payer's paid runs, which ListTasks reads (docs/gateway.md,
// "A2A", "Who may read a task").

// The object's clean-up alarm prunes by the real clock (payment-claims-object.ts), as the
// gateway's own calls are timed: the tests' times are real ones too.
const now = Math.floor(Date.now() / 1000);
let signatures = 0;
/** A caller proof's signature not used before. */
function proof() {
  signatures += 1;
  return { signature: `sig-${signatures}`, expiresAt: now + 300 };
}

/** A fresh claims object with one paid run per time given (seconds), oldest first; their ids. */
async function claimsWithRuns(times: number[]) {
  const stub = env.CLAIMS.getByName(`paid-runs-${crypto.randomUUID()}`);
  const ids: string[] = [];
  for (const [i, at] of times.entries()) {
    const transactionId = newTransactionId(at * 1000);
    await stub.admit({ transactionId, nowSeconds: at, claimFrom: [`payment-${i}`] });
    ids.push(transactionId);
  }
  return { stub, ids };
}

describe("PaymentClaimsObject.paidRuns", () => {
  it("pages the runs newest first, and counts them all on every page", async () => {
    const { stub, ids } = await claimsWithRuns([now - 30, now - 20, now - 10]);
    const page = { nowSeconds: now, sinceSeconds: now - 60, limit: 2 };
    const first = await stub.paidRuns({ ...page, proof: proof(), before: null });
    expect(first).toEqual({
      kind: "page",
      transactionIds: [ids[2], ids[1]],
      more: true,
      total: 3,
    });
    const last = await stub.paidRuns({ ...page, proof: proof(), before: ids[1] ?? "" });
    expect(last).toEqual({ kind: "page", transactionIds: [ids[0]], more: false, total: 3 });
  });

  it("leaves out runs claimed before the keep time", async () => {
    const { stub, ids } = await claimsWithRuns([now - 100, now - 10]);
    const page = await stub.paidRuns({
      nowSeconds: now,
      sinceSeconds: now - 50,
      limit: 10,
      proof: proof(),
      before: null,
    });
    expect(page).toEqual({ kind: "page", transactionIds: [ids[1]], more: false, total: 1 });
  });

  it("refuses a signature seen before, by a listing or by an execute's admission", async () => {
    const { stub } = await claimsWithRuns([now - 10]);
    const listed = proof();
    const args = { nowSeconds: now, sinceSeconds: now - 60, limit: 10, before: null };
    expect((await stub.paidRuns({ ...args, proof: listed })).kind).toBe("page");
    expect(await stub.paidRuns({ ...args, proof: listed })).toEqual({
      kind: "replayed_signature",
    });
    const executed = proof();
    await stub.admit({ transactionId: newTransactionId(), nowSeconds: now, proof: executed });
    expect(await stub.paidRuns({ ...args, proof: executed })).toEqual({
      kind: "replayed_signature",
    });
  });
});
