import { beforeAll, describe, expect, it, vi } from "vitest";
import { SCHEMA_READS_IN_FLIGHT } from "../../src/mcp/tool-list.js";
import { SELF } from "../support/checked-self.js";
import {
  answerOf,
  type ErrorBody,
  guarded,
  READ_DEADLINE_MS,
  RUN_DEADLINE_MS,
  SLACK_MS,
} from "../support/guarded-requests.js";
import { type HostileBehaviour, hostileCounts } from "../support/hostile-counts.js";
import { type Registered, registerEach, registered } from "../support/hostile-processes.js";
import { address, execute, fundedAccount, GATEWAY, uniqueId } from "../support/ledger-fixtures.js";
import { mcpRequest } from "../support/mcp-client.js";

/**
 * Issue 20, point 2: an agent's answer of any size or pace costs the gateway at most its cap
 * and its deadline (docs/gateway.md, "Agent answers"), on every route that reads an agent, and
 * the gateway stays up meanwhile (`/health` answers within 1 s throughout).
 */

const TOO_LARGE = ["endless", "over-length", "over-chunked", "gzip"] as const;
const SLOW = ["drip", "hang"] as const;
const MALFORMED = ["invalid-json", "wrong-type"] as const;
const BEHAVIOURS: readonly HostileBehaviour[] = [...TOO_LARGE, ...SLOW, ...MALFORMED];

/**
 * Per behaviour, fresh processes for each surface, so no surface answers from the schema cache
 * another one filled: hostile on every route (the schema and logs routes; execute, which reads
 * /info first; MCP tools/list, under its own tag), and hostile on /execute alone.
 */
const tag = uniqueId("hostile");
const listTag = uniqueId("hostile-list");
let everywhere: Map<HostileBehaviour, Registered>;
let forExecute: Map<HostileBehaviour, Registered>;
let onExecute: Map<HostileBehaviour, Registered>;
let forList: Map<HostileBehaviour, Registered>;

beforeAll(async () => {
  const owner = await fundedAccount();
  everywhere = await registerEach({ owner, behaviours: BEHAVIOURS, tag });
  forExecute = await registerEach({ owner, behaviours: BEHAVIOURS, tag });
  onExecute = await registerEach({ owner, behaviours: BEHAVIOURS, tag, only: "execute" });
  forList = await registerEach({ owner, behaviours: BEHAVIOURS, tag: listTag });
  // The list's read model may be up to a second behind the ledger (docs/gateway.md, "List").
  await vi.waitFor(
    async () => {
      const res = await SELF.fetch(`${GATEWAY}/api/processes?tag=${listTag}`);
      const body = await res.json<{ processes: unknown[] }>();
      expect(body.processes).toHaveLength(BEHAVIOURS.length);
    },
    { timeout: 10_000, interval: 250 },
  );
}, 120_000);

describe("GET /api/process/:processId/schema reads /info bounded", () => {
  it.each(TOO_LARGE)("%s: 502 agent_answer_too_large naming the /info cap", async (behaviour) => {
    const { processId } = registered(everywhere, behaviour);
    const { status, body } = await guarded(READ_DEADLINE_MS + SLACK_MS, async () =>
      answerOf(await SELF.fetch(`${GATEWAY}/api/process/${processId}/schema`)),
    );
    expect(status).toBe(502);
    expect(body).toMatchObject({ success: false, code: "agent_answer_too_large" });
    expect(body.error).toContain("/info answer is over 128 KiB");
  });

  it.each(SLOW)("%s: 502 agent_unavailable once the read deadline passes", async (behaviour) => {
    const { processId } = registered(everywhere, behaviour);
    const { status, body } = await guarded(READ_DEADLINE_MS + SLACK_MS, async () =>
      answerOf(await SELF.fetch(`${GATEWAY}/api/process/${processId}/schema`)),
    );
    expect(status).toBe(502);
    expect(body).toMatchObject({ success: false, code: "agent_unavailable" });
    expect(body.error).toContain(`within ${READ_DEADLINE_MS} ms`);
  });

  it.each(MALFORMED)("%s: 404, the agent publishes no schema", async (behaviour) => {
    const { processId } = registered(everywhere, behaviour);
    const { status, body } = await guarded(READ_DEADLINE_MS + SLACK_MS, async () =>
      answerOf(await SELF.fetch(`${GATEWAY}/api/process/${processId}/schema`)),
    );
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, code: "not_found" });
  });
});

describe("GET /api/logs/:processId/:transactionId reads /logs bounded", () => {
  it.each(BEHAVIOURS)("%s: 502 naming the cap or the deadline", async (behaviour) => {
    const { processId } = registered(everywhere, behaviour);
    const { status, body } = await guarded(READ_DEADLINE_MS + SLACK_MS, async () =>
      answerOf(await SELF.fetch(`${GATEWAY}/api/logs/${processId}/${crypto.randomUUID()}`)),
    );
    expect(status).toBe(502);
    if ((TOO_LARGE as readonly string[]).includes(behaviour)) {
      expect(body).toMatchObject({ code: "agent_answer_too_large" });
      expect(body.error).toContain("/logs answer is over 1 MiB");
    } else if ((SLOW as readonly string[]).includes(behaviour)) {
      expect(body).toMatchObject({ code: "agent_unavailable" });
      expect(body.error).toContain(`within ${READ_DEADLINE_MS} ms`);
    } else {
      expect(body).toMatchObject({ code: "agent_unavailable" });
    }
  });
});

describe("POST /api/execute reads /info and /execute bounded", () => {
  it.each([...TOO_LARGE, ...SLOW])(
    "%s on /info: refused at the schema step with its code, nothing run",
    async (behaviour) => {
      const { processId, base } = registered(forExecute, behaviour);
      const user = await fundedAccount(1n);
      const { status, body } = await guarded(READ_DEADLINE_MS + SLACK_MS, async () =>
        answerOf(await execute({ processId, body: { userAddress: address(user), data: {} } })),
      );
      expect(body.success).toBe(false);
      // 502 today; SPEC's failed-run 400 once execute's failure shapes follow SPEC.
      expect([400, 502]).toContain(status);
      expect(body.code).toBe(
        (SLOW as readonly string[]).includes(behaviour)
          ? "agent_unavailable"
          : "agent_answer_too_large",
      );
      expect((await hostileCounts(base)).execute).toBeUndefined();
    },
  );

  it.each(TOO_LARGE)("%s on /execute: a failed run naming the 2 MiB cap", async (behaviour) => {
    const { processId } = registered(onExecute, behaviour);
    const user = await fundedAccount(1n);
    const { status, body } = await guarded(RUN_DEADLINE_MS + SLACK_MS, async () =>
      answerOf(await execute({ processId, body: { userAddress: address(user), data: {} } })),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, status: "failed" });
    expect(body.error).toContain("/execute answer is over 2 MiB");
  });

  it.each(SLOW)("%s on /execute: a failed run once AGENT_TIMEOUT_MS passes", async (behaviour) => {
    const { processId } = registered(onExecute, behaviour);
    const user = await fundedAccount(1n);
    const { status, body } = await guarded(RUN_DEADLINE_MS + SLACK_MS, async () =>
      answerOf(await execute({ processId, body: { userAddress: address(user), data: {} } })),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, status: "failed" });
    expect(body.error).toContain(`within ${RUN_DEADLINE_MS} ms`);
  });

  it.each(MALFORMED)("%s on /execute: no agent's answer, an error", async (behaviour) => {
    const { processId } = registered(onExecute, behaviour);
    const user = await fundedAccount(1n);
    const { status, body } = await guarded(RUN_DEADLINE_MS + SLACK_MS, async () =>
      answerOf(await execute({ processId, body: { userAddress: address(user), data: {} } })),
    );
    expect(body.success).toBe(false);
    // SPEC's 500 today; SPEC's failed-run 400 once execute's failure shapes follow SPEC.
    expect([400, 500]).toContain(status);
  });
});

describe("MCP reads agents bounded", () => {
  type Tool = { name: string; description: string; inputSchema: Record<string, unknown> };

  it("tools/list lists every hostile process within its deadlines; a second list asks none of them again", async () => {
    const processes = [...forList.values()];
    const rounds = Math.ceil(processes.length / SCHEMA_READS_IN_FLIGHT);
    const first = await guarded(rounds * READ_DEADLINE_MS + SLACK_MS, () =>
      mcpRequest("tools/list", {}, `?tag=${listTag}`),
    );
    expect(first.error).toBeUndefined();
    const tools = (first.result as { tools: Tool[] }).tools;
    expect(tools.map((t) => t.name).sort()).toEqual(processes.map((p) => p.processId).sort());
    for (const behaviour of [...TOO_LARGE, ...SLOW]) {
      const tool = tools.find((t) => t.name === registered(forList, behaviour).processId);
      expect(tool?.inputSchema).toEqual({ type: "object" });
      expect(tool?.description).toContain("input schema could not be read");
    }
    const before = await Promise.all(processes.map((p) => hostileCounts(p.base)));
    for (const counts of before) expect(counts.info).toBeGreaterThanOrEqual(1);

    // Within the 60 s schema cache, failures included: no agent is asked again.
    const second = await guarded(SLACK_MS, () => mcpRequest("tools/list", {}, `?tag=${listTag}`));
    expect((second.result as { tools: Tool[] }).tools).toHaveLength(processes.length);
    const after = await Promise.all(processes.map((p) => hostileCounts(p.base)));
    expect(after).toEqual(before);
  });

  it.each(["gzip", "drip"] as const)(
    "tools/call on a process hostile on /execute (%s): a tool error within the deadline",
    async (behaviour) => {
      const { processId } = registered(onExecute, behaviour);
      const answer = await guarded(RUN_DEADLINE_MS + SLACK_MS, () =>
        mcpRequest("tools/call", { name: processId, arguments: {} }),
      );
      const result = answer.result as { isError?: boolean; structuredContent: ErrorBody };
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ success: false, status: "failed" });
      expect(result.structuredContent.error).toMatch(/over 2 MiB|within \d+ ms/);
    },
  );
});
