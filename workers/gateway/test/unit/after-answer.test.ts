import { describe, expect, it } from "vitest";
import { AfterAnswer } from "../../src/a2a/after-answer.js";

// Work an A2A request leaves for after its answer (a blocking task's keep): started as the
// answer's body ends, each under the request's waitUntil.

function counted() {
  const waited: Promise<unknown>[] = [];
  let started = 0;
  const after = new AfterAnswer({ waitUntil: (work) => waited.push(work) });
  after.add(async () => {
    started += 1;
  });
  return { after, waited, started: () => started };
}

describe("AfterAnswer", () => {
  it("starts the work once the answer's body was read to its end, not before", async () => {
    const { after, waited, started } = counted();
    const answer = await after.send(Response.json({ task: "t" }, { headers: { "x-kept": "1" } }));
    expect(answer.headers.get("x-kept")).toBe("1");
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started()).toBe(0);
    expect(await answer.json()).toEqual({ task: "t" });
    expect(started()).toBe(1);
    await Promise.all(waited);
    expect(waited).toHaveLength(2);
  });

  it("leaves the work undone, and throws nothing, when the client hangs up before the end", async () => {
    const { after, waited, started } = counted();
    const answer = await after.send(Response.json({ task: "t" }));
    await answer.body?.cancel();
    await Promise.all(waited);
    expect(started()).toBe(0);
  });

  it("starts it at once for an answer without a body, and leaves other answers as they are", async () => {
    const { after, started } = counted();
    await after.send(new Response(null, { status: 204 }));
    expect(started()).toBe(1);
    const plain = new Response("x");
    expect(await new AfterAnswer({ waitUntil: () => undefined }).send(plain)).toBe(plain);
  });
});
