import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { LedgerClient } from "#shared/ledger/client";
import type { ModuleEvent } from "#shared/ledger/module-events";
import type { LedgerProcess } from "#shared/ledger/records";
import { readBoundedPages } from "../../src/list/bounded-pages.js";
import { readRevision, readWalk, writeRevision } from "../../src/list/process-index-sql.js";
import { syncRegistry } from "../../src/list/registry-sync.js";
import { readStatsVersion } from "../../src/list/stats-sql.js";
import { syncStats } from "../../src/list/stats-sync.js";
import { ThrottledSync } from "../../src/list/throttled-sync.js";

// A sync of the list's read model reads at most a bounded number of ledger pages per request,
// stores how far it got, and goes on at the next request (docs/gateway.md, "List").

/** A fresh read model's storage (its schema made by the object's constructor). */
function inFreshIndex<T>(work: (state: DurableObjectState) => Promise<T>): Promise<T> {
  const stub = env.PROCESS_INDEX.getByName(`sync-bound-${crypto.randomUUID()}`);
  return runInDurableObject(stub, (_instance, state) => work(state));
}

const OWNER = `0x${"a".repeat(64)}`;

function processAt(position: number): LedgerProcess {
  return {
    id: `p-${String(position).padStart(4, "0")}`,
    name: "P",
    description: "",
    owner: OWNER,
    serviceUrl: "service://ECHO",
    paymentAddress: OWNER,
    agents: [],
    workflows: [],
    tags: [],
    status: 2,
    pricing: undefined,
    createdAt: 1n,
    updatedAt: 1n,
  };
}

describe("readBoundedPages", () => {
  it.each([
    { pages: 10, progress: "behind", read: 3 },
    { pages: 2, progress: "caught_up", read: 2 },
  ])("over $pages pages with a bound of 3: reads $read, $progress", async (expected) => {
    let read = 0;
    const progress = await readBoundedPages({
      maxPages: 3,
      page: async () => ({ more: ++read < expected.pages }),
    });
    expect({ progress, read }).toEqual({ progress: expected.progress, read: expected.read });
  });
});

describe("the figures' sync", () => {
  it("reads at most maxPages pages of events per call; the next call goes on from the stored version", async () => {
    const asked: bigint[] = [];
    // An endless ledger: every page full, one event per transaction.
    const ledger: Pick<LedgerClient, "moduleEvents"> = {
      moduleEvents: async ({ after, limit }) => {
        asked.push(after);
        return Array.from(
          { length: limit },
          (_, i): ModuleEvent => ({
            name: "PaymentMade",
            data: { process_id: "p-1", amount: "1" },
            version: after + BigInt(i) + 1n,
            index: 0n,
          }),
        );
      },
    };
    await inFreshIndex(async (state) => {
      const args = { sql: state.storage.sql, storage: state.storage, ledger, maxPages: 2 };
      expect(await syncStats(args)).toBe("behind");
      // Each full page leaves its last transaction to the next: 99 versions a page.
      expect(asked).toEqual([0n, 99n]);
      expect(readStatsVersion(state.storage.sql)).toBe(198n);
      expect(await syncStats(args)).toBe("behind");
      expect(asked).toEqual([0n, 99n, 198n, 297n]);
    });
  });
});

describe("the list's sync", () => {
  function registry(count: number) {
    const listed: bigint[] = [];
    const ledger: Parameters<typeof syncRegistry>[0]["ledger"] = {
      registryRevision: async () => 7n,
      processCount: async () => BigInt(count),
      listProcesses: async ({ start = 0n, limit = 100n } = {}) => {
        listed.push(BigInt(start));
        const from = Number(start);
        const to = Math.min(count, from + Number(limit));
        return Array.from({ length: Math.max(0, to - from) }, (_, i) => processAt(from + i));
      },
      changedSince: async () => [],
      getProcess: async () => null,
    };
    return { ledger, listed };
  }

  it("walks the registry down at most maxPages pages per call, then follows the feed from the revision read first", async () => {
    const { ledger, listed } = registry(250);
    await inFreshIndex(async (state) => {
      const { sql } = state.storage;
      const count = () => sql.exec("SELECT id FROM processes").toArray().length;
      expect(await syncRegistry({ sql, ledger, maxPages: 2 })).toBe("behind");
      expect(listed).toEqual([150n, 50n]);
      expect({ walk: readWalk(sql), revision: readRevision(sql), rows: count() }).toEqual({
        walk: { head: 7n, below: 50n },
        revision: null,
        rows: 200,
      });
      expect(await syncRegistry({ sql, ledger, maxPages: 2 })).toBe("caught_up");
      expect(listed).toEqual([150n, 50n, 0n]);
      expect({ walk: readWalk(sql), revision: readRevision(sql), rows: count() }).toEqual({
        walk: null,
        revision: "7",
        rows: 250,
      });
    });
  });

  it("follows at most maxPages pages of the change feed per call", async () => {
    const { ledger } = registry(0);
    const changedFrom: bigint[] = [];
    const feed = {
      ...ledger,
      registryRevision: async () => 1_000n,
      changedSince: async ({ revision }: { revision: bigint | number | string }) => {
        changedFrom.push(BigInt(revision));
        return Array.from({ length: 100 }, (_, i) => `gone-${i}`);
      },
    };
    await inFreshIndex(async (state) => {
      const { sql } = state.storage;
      writeRevision(sql, "7");
      expect(await syncRegistry({ sql, ledger: feed, maxPages: 3 })).toBe("behind");
      expect(changedFrom).toEqual([7n, 107n, 207n]);
      expect(readRevision(sql)).toBe("307");
    });
  });
});

describe("ThrottledSync", () => {
  it("runs again at once after a run that stopped behind, and waits the interval after one that caught up", async () => {
    const answers = ["behind", "caught_up", "caught_up"] as const;
    let runs = 0;
    const sync = new ThrottledSync(async () => answers[runs++] ?? "caught_up", 60_000);
    await sync.ifStale();
    await sync.ifStale();
    await sync.ifStale();
    expect(runs).toBe(2);
  });
});
