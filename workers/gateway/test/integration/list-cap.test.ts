import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LIST_CAP } from "../../src/routes/processes.js";
import { SELF } from "../support/checked-self.js";
import { GATEWAY, uniqueId } from "../support/ledger-fixtures.js";

describe("GET /api/processes cap", () => {
  it("returns at most the documented cap without limit, with a cursor to the rest", async () => {
    const tag = uniqueId("cap").slice(0, 30);
    const total = LIST_CAP + 5;
    // Registering over a thousand processes on the ledger would take minutes; the read model's
    // own table is filled instead (same rows the sync writes), under a tag nobody else uses.
    // Each row's body is a whole SPEC Process, as the sync stores it: answers are checked
    // against the route's declared schema.
    const owner = `0x${"9".repeat(64)}`;
    const at = new Date(0).toISOString();
    await runInDurableObject(env.PROCESS_INDEX.getByName("registry"), (_instance, state) => {
      for (let i = 0; i < total; i++) {
        const id = `${tag}-${String(i).padStart(5, "0")}`;
        const body = { id, name: id, description: "", owner, agents: [], workflows: [] };
        state.storage.sql.exec(
          "INSERT INTO processes (id, owner, status, body) VALUES (?, ?, 'active', ?)",
          id,
          owner,
          JSON.stringify({ ...body, tags: [tag], status: "active", createdAt: at, updatedAt: at }),
        );
        state.storage.sql.exec("INSERT INTO process_tags (tag, id) VALUES (?, ?)", tag, id);
      }
    });
    const res = await SELF.fetch(`${GATEWAY}/api/processes?tag=${tag}`);
    expect(res.status).toBe(200);
    const body = await res.json<{
      count: number;
      processes: { id: string }[];
      nextCursor?: string;
    }>();
    expect(body.count).toBe(LIST_CAP);
    expect(body.processes).toHaveLength(LIST_CAP);
    expect(body.nextCursor).toBe(body.processes[LIST_CAP - 1]?.id);
    const rest = await SELF.fetch(
      `${GATEWAY}/api/processes?tag=${tag}&cursor=${encodeURIComponent(body.nextCursor ?? "")}`,
    );
    const restBody = await rest.json<{ count: number; nextCursor?: string }>();
    expect(restBody.count).toBe(5);
    expect(restBody.nextCursor).toBeUndefined();
  });
});
