import { beforeAll, describe, expect, it, vi } from "vitest";
import { NO_SCHEMA_NOTE } from "../../src/mcp/tool-list.js";
import { MAX_IN_PLACE_WEIGHT } from "../../src/schema/in-place-cost.js";
import { SELF } from "../support/checked-self.js";
import { failedRun } from "../support/failed-run.js";
import {
  answerOf,
  guarded,
  READ_DEADLINE_MS,
  RUN_DEADLINE_MS,
  SLACK_MS,
} from "../support/guarded-requests.js";
import { HOSTILE_SCHEMAS } from "../support/hostile-agent/hostile-schemas.js";
import { type HostileBehaviour, hostileCounts } from "../support/hostile-counts.js";
import { type Registered, registerEach, registered } from "../support/hostile-processes.js";
import { address, execute, fundedAccount, GATEWAY } from "../support/ledger-fixtures.js";
import { mcpRequest } from "../support/mcp-client.js";

/**
 * Issue 20, point 3, over HTTP: an owner's input schema cannot stall the gateway (docs/gateway.md,
 * "What the gateway checks"). Schemas over the complexity budget are refused when /info is read,
 * and the refusal is cached like any answer of it; a ReDoS `pattern` is published but never run
 * by the gateway. Each schema is served by the hostile agent's `schema-*` modes.
 */

/** Schemas over the budget, with the part of the refusal naming the rule each one breaks. */
const REFUSED = {
  "schema-anyof-chain": `over the gateway's limit of ${MAX_IN_PLACE_WEIGHT}`,
  "schema-ref-recursion": "a $ref cycle applies a subschema to the same value again",
} as const;
type RefusedMode = keyof typeof REFUSED;
const REFUSED_MODES = Object.keys(REFUSED) as RefusedMode[];
const MODES = ["schema-redos", ...REFUSED_MODES] as const;

/** `^(a+)+$` backtracks about 2^39 steps on this before failing. */
const EVIL_TEXT = `${"a".repeat(39)}!`;
/** Every anyOf branch of the chain fails on a number; the $ref cycle never ends on any value. */
const BOMB_DATA = { value: 1 };

/** Fresh processes per surface, so an execute reads /info itself rather than the cache. */
let forSchema: Map<HostileBehaviour, Registered>;
let forExecute: Map<HostileBehaviour, Registered>;

beforeAll(async () => {
  const owner = await fundedAccount();
  // Each with its own tag, so MCP tools/list lists it alone.
  forSchema = await registerEach({ owner, behaviours: MODES });
  forExecute = await registerEach({ owner, behaviours: MODES });
  // The list's read model may be up to a second behind the ledger (docs/gateway.md, "List").
  await vi.waitFor(
    async () => {
      for (const { tag } of forSchema.values()) {
        const res = await SELF.fetch(`${GATEWAY}/api/processes?tag=${tag}`);
        expect((await res.json<{ processes: unknown[] }>()).processes).toHaveLength(1);
      }
    },
    { timeout: 10_000, interval: 250 },
  );
}, 60_000);

const schemaOf = async (processId: string) =>
  answerOf(await SELF.fetch(`${GATEWAY}/api/process/${processId}/schema`));

describe.each(REFUSED_MODES)("%s: refused when fetched", (mode) => {
  const refusal = "publishes an input schema the gateway does not apply";

  it("GET schema: 502 agent_unavailable naming the rule; a second read and tools/list within the cache ask no /info again", async () => {
    const { processId, base, tag } = registered(forSchema, mode);
    const first = await guarded(READ_DEADLINE_MS + SLACK_MS, () => schemaOf(processId));
    expect(first.status).toBe(502);
    expect(first.body).toMatchObject({ success: false, code: "agent_unavailable" });
    expect(first.body.error).toContain(refusal);
    expect(first.body.error).toContain(REFUSED[mode]);
    expect(await hostileCounts(base)).toEqual({ info: 1 });

    const second = await schemaOf(processId);
    expect([second.status, second.body.error]).toEqual([502, first.body.error]);
    const listed = await mcpRequest("tools/list", {}, `?tag=${tag}`);
    const tools = (listed.result as { tools: { name: string; description: string }[] }).tools;
    expect(tools).toHaveLength(1);
    expect(tools[0]?.name).toBe(processId);
    expect(tools[0]?.description).toContain(NO_SCHEMA_NOTE);
    expect(await hostileCounts(base)).toEqual({ info: 1 });
  });

  it("execute with data that would set it off: the same refusal, promptly, nothing run", async () => {
    const { processId, base } = registered(forExecute, mode);
    const user = await fundedAccount(1n);
    const { status, body } = await guarded(READ_DEADLINE_MS + SLACK_MS, async () =>
      answerOf(await execute({ processId, body: { userAddress: address(user), data: BOMB_DATA } })),
    );
    // SPEC's failed run: a run the agent stops (docs/gateway.md, "Execute").
    expect(status).toBe(400);
    expect(body).toMatchObject(failedRun({ processId, code: "agent_unavailable" }));
    expect(body.error).toContain(refusal);
    expect(body.error).toContain(REFUSED[mode]);
    expect(await hostileCounts(base)).toEqual({ info: 1 });
  });
});

describe("schema-redos: the pattern is published, never run by the gateway", () => {
  it("GET schema answers the schema as published", async () => {
    const { processId } = registered(forSchema, "schema-redos");
    const { status, body } = await guarded(READ_DEADLINE_MS + SLACK_MS, () => schemaOf(processId));
    expect(status).toBe(200);
    expect(body).toMatchObject({ inputSchema: HOSTILE_SCHEMAS["schema-redos"] });
  });

  it(`execute with "${EVIL_TEXT}": passed to the agent, which runs it, promptly`, async () => {
    const { processId, base } = registered(forExecute, "schema-redos");
    const user = await fundedAccount(1n);
    const data = { text: EVIL_TEXT };
    const { status, body } = await guarded(RUN_DEADLINE_MS + SLACK_MS, async () =>
      answerOf(await execute({ processId, body: { userAddress: address(user), data } })),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, status: "completed" });
    expect(await hostileCounts(base)).toEqual({ info: 1, execute: 1 });
  });
});
