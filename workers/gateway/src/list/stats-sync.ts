import type { LedgerClient } from "#shared/ledger/client";
import { MODULE_EVENTS_PAGE_MAX, type ModuleEvent } from "#shared/ledger/module-events";
import { readBoundedPages, type SyncProgress } from "./bounded-pages.js";
import { figuresChange, NO_FIGURES, STATS_EVENTS } from "./stats-figures.js";
import { readFigures, readStatsVersion, writeFigures, writeStatsVersion } from "./stats-sql.js";

/**
 * The events of a page that end on a whole transaction, and the version to resume after. The
 * indexer is asked for versions after a cursor, so a full page that ends inside a transaction
 * leaves that transaction to the next page. A single transaction with more events than a page
 * (no entry call of the package emits that many; a Move script calling it in a loop could) is
 * counted as far as the page goes and the cursor moves past it: its further events are not
 * counted, a known limit of the figures (docs/gateway.md, "Success rates and earnings").
 */
export function wholeTransactions(args: { page: ModuleEvent[]; limit: number; after: bigint }): {
  events: ModuleEvent[];
  upTo: bigint;
} {
  const last = args.page[args.page.length - 1];
  if (last === undefined) return { events: [], upTo: args.after };
  if (args.page.length < args.limit) return { events: args.page, upTo: last.version };
  const before = args.page.filter((event) => event.version < last.version);
  const kept = before.length === 0 ? args.page : before;
  return { events: kept, upTo: kept[kept.length - 1]?.version ?? last.version };
}

/**
 * Brings the figures toward the indexer's newest payment events, at most `maxPages` pages per
 * call (bounded-pages.ts): each page's changes and the cursor are written in one storage
 * transaction, so a sync that failed or stopped at the bound resumes where it stopped and never
 * counts an event twice; the figures' `ledgerVersion` says how far it got.
 */
export async function syncStats(args: {
  sql: SqlStorage;
  storage: DurableObjectStorage;
  ledger: Pick<LedgerClient, "moduleEvents">;
  maxPages: number;
}): Promise<SyncProgress> {
  const { sql } = args;
  return readBoundedPages({
    maxPages: args.maxPages,
    page: async () => {
      const after = readStatsVersion(sql);
      const limit = MODULE_EVENTS_PAGE_MAX;
      const page = await args.ledger.moduleEvents({ names: STATS_EVENTS, after, limit });
      const { events, upTo } = wholeTransactions({ page, limit, after });
      const changes = events.flatMap((event) => figuresChange(event) ?? []);
      const processIds = [...new Set(changes.map((change) => change.processId))];
      args.storage.transactionSync(() => {
        // The page's processes read once, changed in order in memory, each written once.
        const figures = readFigures(sql, processIds);
        for (const change of changes) {
          figures.set(change.processId, change.apply(figures.get(change.processId) ?? NO_FIGURES));
        }
        for (const processId of processIds) {
          writeFigures(sql, processId, figures.get(processId) ?? NO_FIGURES);
        }
        writeStatsVersion(sql, upTo);
      });
      return { more: page.length === limit };
    },
  });
}
