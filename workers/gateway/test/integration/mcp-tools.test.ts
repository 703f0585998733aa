import { beforeAll, describe, expect, it, vi } from "vitest";
import { SELF } from "../support/checked-self.js";
import {
  address,
  fundedAccount,
  GATEWAY,
  registerProcess,
  testProcess,
  uniqueId,
} from "../support/ledger-fixtures.js";
import { mcpRequest } from "../support/mcp-client.js";

type Tool = {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  _meta?: Record<string, unknown>;
};

describe("/mcp initialize and tools/list", () => {
  it("initializes as a stateless tools server", async () => {
    const answer = await mcpRequest("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "test", version: "1" },
    });
    expect(answer.error).toBeUndefined();
    expect(answer.result).toMatchObject({
      protocolVersion: "2025-06-18",
      serverInfo: { name: "agentgate" },
      capabilities: { tools: {} },
    });
  });

  it("answers tools/list without params, as clients send it", async () => {
    const answer = await mcpRequest("tools/list");
    expect(answer.error).toBeUndefined();
    expect(Array.isArray(answer.result?.tools)).toBe(true);
  });

  describe("paging over the registry", () => {
    const tag = uniqueId("mcp-page");
    let active: string[];
    let owner: string;

    beforeAll(async () => {
      const account = await fundedAccount();
      owner = address(account);
      active = [];
      for (let i = 0; i < 5; i++) {
        active.push(await registerProcess({ owner: account, tags: [tag], paid: i === 0 }));
      }
      // Not a tool: only ACTIVE processes run.
      await registerProcess({ owner: account, tags: [tag], status: "inactive" });
      // The list's read model may be up to a second behind the ledger (docs/gateway.md, "List").
      await vi.waitFor(
        async () => {
          const answer = await mcpRequest("tools/list", {}, `?tag=${tag}`);
          expect((answer.result as { tools: Tool[] }).tools).toHaveLength(5);
        },
        { timeout: 5_000, interval: 250 },
      );
    });

    async function allPages(query: string): Promise<{ pages: Tool[][]; cursors: string[] }> {
      const pages: Tool[][] = [];
      const cursors: string[] = [];
      let cursor: string | undefined;
      do {
        const answer = await mcpRequest("tools/list", cursor ? { cursor } : {}, query);
        expect(answer.error).toBeUndefined();
        const result = answer.result as { tools: Tool[]; nextCursor?: string };
        pages.push(result.tools);
        cursor = result.nextCursor;
        if (cursor !== undefined) cursors.push(cursor);
      } while (cursor !== undefined && pages.length < 10);
      return { pages, cursors };
    }

    it("lists the tag's active processes, two a page, each once, with nextCursor until the end", async () => {
      const { pages, cursors } = await allPages(`?tag=${tag}&limit=2`);
      expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
      expect(cursors).toHaveLength(2);
      const names = pages.flat().map((t) => t.name);
      expect(names).toEqual([...active].sort());
    });

    it("names each tool by its process id and states the price in its description", async () => {
      const { pages } = await allPages(`?tag=${tag}`);
      const tools = pages.flat();
      const paid = tools.find((t) => t.name === active[0]);
      expect(paid?.description).toContain("0.00001 APT (1000 octas) per run, paid into escrow");
      expect(paid?._meta?.["agentgate/pricing"]).toMatchObject({
        taskPrice: "1000",
        requiresPrepayment: true,
      });
      const free = tools.find((t) => t.name === active[1]);
      expect(free?.description).toContain("Free");
      expect(free?.title).toBe("Echo");
      // The echo agent's own input schema, as GET /api/process/:id/schema answers it.
      const res = await SELF.fetch(`${GATEWAY}/api/process/${active[1]}/schema`);
      const { inputSchema } = await res.json<{ inputSchema: Record<string, unknown> }>();
      expect(free?.inputSchema).toEqual(inputSchema);
    });

    it("filters by owner as /api/processes does", async () => {
      const { pages } = await allPages(`?tag=${tag}&owner=${owner}`);
      expect(pages.flat()).toHaveLength(5);
      const other = address(await fundedAccount(1n));
      const none = await allPages(`?tag=${tag}&owner=${other}`);
      expect(none.pages.flat()).toEqual([]);
    });
  });

  describe("input schemas", () => {
    const tag = uniqueId("mcp-schema");
    let textStats: string;
    let noSchema: string;

    beforeAll(async () => {
      const owner = await fundedAccount();
      textStats = await registerProcess({
        owner,
        tags: [tag],
        serviceUrl: "service://TEXT_STATS_AGENT",
      });
      // A Worker that answers no /info: no schema to publish.
      noSchema = await registerProcess({
        owner,
        tags: [tag],
        serviceUrl: "service://NOT_AN_AGENT",
      });
    });

    async function toolsOf(): Promise<Tool[]> {
      return vi.waitFor(
        async () => {
          const answer = await mcpRequest("tools/list", {}, `?tag=${tag}`);
          const { tools } = answer.result as { tools: Tool[] };
          expect(tools).toHaveLength(2);
          return tools;
        },
        { timeout: 5_000, interval: 250 },
      );
    }

    it("gives each tool its agent's input schema, any object when the agent has none", async () => {
      const tools = await toolsOf();
      const stats = tools.find((t) => t.name === textStats);
      expect(stats?.inputSchema).toMatchObject({ type: "object", required: ["text"] });
      expect(tools.find((t) => t.name === noSchema)?.inputSchema).toEqual({ type: "object" });
    });

    it("refuses arguments the schema refuses as a tool error naming the field, running nothing", async () => {
      const answer = await mcpRequest("tools/call", { name: textStats, arguments: { txt: "x" } });
      const result = answer.result as {
        isError?: boolean;
        structuredContent: { code: string; error: string };
      };
      expect(result.isError).toBe(true);
      expect(result.structuredContent.code).toBe("validation_failed");
      expect(result.structuredContent.error).toContain("text");
    });
  });

  it("calls a free tool through the execute path, with the arguments as data", async () => {
    const processId = await testProcess("free");
    const user = address(await fundedAccount(1n));
    const answer = await mcpRequest("tools/call", {
      name: processId,
      arguments: { hello: "mcp" },
      _meta: { "agentgate/userAddress": user },
    });
    expect(answer.error).toBeUndefined();
    const result = answer.result as {
      isError?: boolean;
      structuredContent: { success: boolean; status: string; result: { echo: unknown } };
      content: { type: string; text: string }[];
    };
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({
      success: true,
      processId,
      status: "completed",
      result: { echo: { hello: "mcp" } },
    });
    expect(JSON.parse(result.content[0]?.text ?? "")).toEqual(result.structuredContent);
  });

  it("turns the agent's failure into a tool error", async () => {
    const processId = await testProcess("free");
    const answer = await mcpRequest("tools/call", { name: processId, arguments: { fail: "boom" } });
    const result = answer.result as { isError?: boolean; structuredContent: { error: string } };
    expect(result.isError).toBe(true);
    expect(result.structuredContent.error).toContain("boom");
  });
});
