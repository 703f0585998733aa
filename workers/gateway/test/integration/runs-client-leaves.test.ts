import { beforeAll, describe, expect, it } from "vitest";
import { runAcceptedResponseSchema } from "#shared/schemas/runs";
import { readRunEvents } from "../support/run-events.js";
import { finalRun, LONG, registerSlowReport, SLOW } from "../support/slow-report.js";

// A watcher that leaves after 1 s (docs/gateway.md, "The run object"): the run goes on in its
// object, ends, and its result is read later with its access token, and only with it.

describe("a run whose client leaves after 1 s", () => {
  beforeAll(registerSlowReport, 30_000);

  it("ends in its object, and its result is read later with its token only", async () => {
    const res = await LONG.fetch(`${LONG.origin}/api/execute/${SLOW}`, {
      method: "POST",
      headers: { "content-type": "application/json", prefer: "respond-async" },
      body: JSON.stringify({ userAddress: `0x${"1e".repeat(32)}`, data: { seconds: 3 } }),
    });
    expect(res.status).toBe(202);
    const accepted = runAcceptedResponseSchema.parse(await res.json());
    const bearer = { authorization: `Bearer ${accepted.accessToken}` };
    const leave = new AbortController();
    const watching = await LONG.fetch(accepted.links.events, {
      headers: bearer,
      signal: leave.signal,
    });
    expect(watching.status).toBe(200);
    setTimeout(() => leave.abort(), 1_000);
    const seen = await readRunEvents(watching).catch(() => null);
    // The client left mid-run: it never saw the end.
    expect(seen?.events.some((e) => e.type === "result") ?? false).toBe(false);
    const final = await finalRun(accepted);
    expect(final).toMatchObject({ status: "completed", transactionId: accepted.transactionId });
    expect(final.result).toMatchObject({ topic: expect.any(String) });
    expect((await LONG.fetch(accepted.links.run)).status).toBe(401);
    expect(
      (await LONG.fetch(accepted.links.run, { headers: { authorization: "Bearer agr_00" } }))
        .status,
    ).toBe(403);
  }, 60_000);
});
