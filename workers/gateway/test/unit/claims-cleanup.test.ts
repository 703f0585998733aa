import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newTransactionId } from "../../src/execute/transaction-id.js";

// The claims object cleans up after itself (payment-claims-object.ts; docs/gateway.md, "Caller
// proof"): a caller proof from a key made a moment ago spends its signature in an object of its
// own, so the rows that expire are pruned by an alarm, and an object left with nothing is
// deleted whole. The alarms fire on their own, a second after the earliest expiry: the tests
// give rows an expiry a second or two ahead and wait for what the alarm leaves.

const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
const FIRED = { timeout: 10_000, interval: 200 };

function freshObject() {
  return env.CLAIMS.getByName(`cleanup-${crypto.randomUUID()}`);
}

async function rowsOf(stub: ReturnType<typeof freshObject>) {
  return runInDurableObject(stub, async (_instance, state) => {
    const tables = state.storage.sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .toArray()
      .map((row) => row.name)
      .filter((name) => !name.startsWith("_cf") && !name.startsWith("sqlite"));
    return { tables, alarm: await state.storage.getAlarm() };
  });
}

describe("PaymentClaimsObject clean-up", () => {
  it("deletes an object whose only row was a spent signature, once it expired", async () => {
    const stub = freshObject();
    const expiresAt = inSeconds(1);
    await stub.paidRuns({
      nowSeconds: inSeconds(0),
      sinceSeconds: 0,
      limit: 1,
      before: null,
      proof: { signature: "stranger", expiresAt },
    });
    expect((await rowsOf(stub)).alarm).toBe((expiresAt + 1) * 1000);
    await expect.poll(() => rowsOf(stub), FIRED).toEqual({ tables: [], alarm: null });
    // Asked again, it works as a new one would.
    const taskIds = await stub.unclaimed(["t1"]);
    expect(taskIds).toEqual(["t1"]);
    const admitted = await stub.admit({
      transactionId: newTransactionId(),
      nowSeconds: inSeconds(0),
      claimFrom: ["t1"],
    });
    expect(admitted).toMatchObject({ kind: "admitted", taskId: "t1" });
    expect(await stub.unclaimed(["t1"])).toEqual([]);
  });

  it("keeps a claim for good, and prunes only what expired", async () => {
    const stub = freshObject();
    await stub.admit({
      transactionId: newTransactionId(),
      nowSeconds: inSeconds(0),
      proof: { signature: "old", expiresAt: inSeconds(1) },
      claimFrom: ["paid"],
    });
    expect((await rowsOf(stub)).alarm).not.toBeNull();
    await expect.poll(async () => (await rowsOf(stub)).alarm, FIRED).toBeNull();
    expect((await rowsOf(stub)).tables).toContain("claims");
    expect(await stub.unclaimed(["paid"])).toEqual([]);
  });

  it("moves the alarm to the next expiry while rows that expire are left", async () => {
    const stub = freshObject();
    const args = { nowSeconds: inSeconds(0), sinceSeconds: 0, limit: 1, before: null };
    const later = { signature: "later", expiresAt: inSeconds(600) };
    await stub.paidRuns({ ...args, proof: { signature: "soon", expiresAt: inSeconds(1) } });
    await stub.paidRuns({ ...args, proof: later });
    await expect
      .poll(async () => (await rowsOf(stub)).alarm, FIRED)
      .toBe((later.expiresAt + 1) * 1000);
    // The signature still kept is still refused.
    expect(await stub.paidRuns({ ...args, proof: later })).toEqual({ kind: "replayed_signature" });
  });
});
