import { describe, expect, it } from "vitest";
import { CommitQueue } from "../../src/node/commit-queue.js";

describe("CommitQueue", () => {
  it("runs queued commits later, together, in the order they arrived", async () => {
    const queue = new CommitQueue();
    const ran: string[] = [];
    const first = queue.run(() => ran.push("a"));
    const second = queue.run(() => ran.push("b"));
    // Nothing runs at enqueue time: the commits wait for the shared turn.
    expect(ran).toEqual([]);
    await Promise.all([first, second]);
    expect(ran).toEqual(["a", "b"]);
  });

  it("rejects only the commit that threw; the others in its turn still run", async () => {
    const queue = new CommitQueue();
    const results = await Promise.allSettled([
      queue.run(() => 1),
      queue.run(() => {
        throw new Error("refused");
      }),
      queue.run(() => 3),
    ]);
    expect(results).toEqual([
      { status: "fulfilled", value: 1 },
      { status: "rejected", reason: new Error("refused") },
      { status: "fulfilled", value: 3 },
    ]);
  });

  it("starts a new turn for commits queued after a turn ran", async () => {
    const queue = new CommitQueue();
    await queue.run(() => "first");
    expect(await queue.run(() => "second")).toBe("second");
  });
});
