import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { runAcceptedResponseSchema } from "#shared/schemas/runs";
import { UUID_V7 } from "../../src/execute/transaction-id.js";
import { runStub } from "../../src/runs/run-stub.js";
import { SELF } from "../support/checked-self.js";
import {
  address,
  execute,
  fundedAccount,
  GATEWAY,
  testProcess,
  uniqueId,
} from "../support/ledger-fixtures.js";
import { readRunEvents } from "../support/run-events.js";

// Prefer: respond-async (docs/gateway.md, "Runs"): the same admission, then 202 and a run that
// goes on in its run object, read and watched there.

describe("execute with Prefer: respond-async", () => {
  let processId: string;
  let user: string;

  beforeAll(async () => {
    processId = await testProcess("free");
    user = address(await fundedAccount(1n));
  });

  async function startAsync(prefer = "respond-async", data: Record<string, unknown> = {}) {
    const res = await execute({
      processId,
      body: { userAddress: user, data },
      headers: { prefer },
    });
    expect(res.status).toBe(202);
    const body = runAcceptedResponseSchema.parse(await res.json());
    return { res, body };
  }

  it("answers 202 RunAccepted with Location and Preference-Applied; the run completes in its object", async () => {
    const { res, body } = await startAsync("respond-async", { hello: "async" });
    expect(body.transactionId).toMatch(UUID_V7);
    expect(body.accessToken).toMatch(/^agr_[0-9a-f]{64}$/);
    expect(body.links.run).toBe(`${GATEWAY}/api/runs/${body.transactionId}`);
    expect(res.headers.get("location")).toBe(body.links.run);
    expect(res.headers.get("preference-applied")).toBe("respond-async");
    const run = runStub(env, body.transactionId);
    const ended = await run.awaitEnd();
    expect(ended).toMatchObject({ status: "completed", result: { echo: { hello: "async" } } });
    const answer = await run.answer();
    expect(answer).toMatchObject({
      status: 200,
      body: { success: true, transactionId: body.transactionId, status: "completed" },
    });
  });

  it("finds respond-async in any position of the list, in any case", async () => {
    await startAsync('wait=10, foo="a,b", RESPOND-ASYNC;x=1');
  });

  it("does not take respond-async inside a quoted value for the preference", async () => {
    const res = await execute({
      processId,
      body: { userAddress: user },
      headers: { prefer: 'foo="x, respond-async"' },
    });
    expect(res.status).toBe(200);
  });

  it("refuses what the blocking execute refuses, with the same answer", async () => {
    const unknown = uniqueId("missing");
    const res = await execute({
      processId: unknown,
      body: { userAddress: user },
      headers: { prefer: "respond-async" },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "Process not found", processId: unknown });
  });

  it("streams the run's events in order, closes after result, and resumes after Last-Event-ID", async () => {
    const { body } = await startAsync();
    const run = runStub(env, body.transactionId);
    await run.awaitEnd();
    const all = await readRunEvents(await run.fetch("https://run/events"));
    expect(all.closed).toBe(true);
    expect(all.events.map((e) => e.id)).toEqual(all.events.map((_, i) => i + 1));
    expect(all.events.map((e) => e.type)).toEqual(["status", "status", "status", "result"]);
    expect(all.events.map((e) => ("status" in e.data ? e.data.status : e.data.type))).toEqual([
      "submitted",
      "working",
      "completed",
      "result",
    ]);
    const last = all.events.at(-1)?.data;
    expect(last?.type === "result" && last.run.status).toBe("completed");
    const resumed = await readRunEvents(
      await run.fetch("https://run/events", { headers: { "last-event-id": "2" } }),
    );
    expect(resumed.events).toEqual(all.events.slice(2));
  });

  it("is declared in the OpenAPI document: the Prefer header, and 202 RunAccepted with its headers", async () => {
    const res = await SELF.fetch(`${GATEWAY}/openapi.json`);
    type Operation = {
      parameters: { name: string; in: string }[];
      responses: Record<string, { headers?: Record<string, unknown>; content?: unknown }>;
    };
    const doc = await res.json<{ paths: Record<string, Record<string, Operation>> }>();
    const post = doc.paths["/api/execute/{processId}"]?.post;
    expect(post?.parameters).toContainEqual(
      expect.objectContaining({ name: "prefer", in: "header" }),
    );
    const headers = Object.keys(post?.responses["202"]?.headers ?? {});
    expect(headers.map((name) => name.toLowerCase()).sort()).toEqual(
      ["location", "payment-required", "payment-response", "preference-applied"].sort(),
    );
    expect(JSON.stringify(post?.responses["202"]?.content)).toContain("RunAccepted");
  });
});
