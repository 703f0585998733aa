import { DurableObject } from "cloudflare:workers";
import { gatewayLedger } from "../ledger/gateway-ledger.js";
import { SYNC_PAGES_MAX } from "./bounded-pages.js";
import { type IndexResult, syncedOrRefused } from "./index-result.js";
import { createSchema, type ProcessRow, selectPage } from "./process-index-sql.js";
import { syncRegistry } from "./registry-sync.js";
import {
  type OneProcessStats,
  type StatsPage,
  statsOfPage,
  statsOfProcess,
} from "./stats-answer.js";
import { createStatsSchema } from "./stats-sql.js";
import { syncStats } from "./stats-sync.js";
import { ThrottledSync } from "./throttled-sync.js";

/** How stale a list may be: a request after this long asks the ledger what changed. */
export const SYNC_INTERVAL_MS = 1_000;

type ListArgs = {
  owner?: string | undefined;
  tag?: string | undefined;
  status?: string | undefined;
  cursor?: string | undefined;
  limit: number;
};

export type ListPage = {
  /**
   * Process bodies as the gateway answers them, as JSON text, ready to be spliced into the answer.
   */
  bodies: string[];
  nextCursor?: string;
};

/**
 * The list read model (one instance): every registered process in SQLite, synced from the
 * registry's change feed (registry-sync.ts: registry_revision, changed_since, get_process), so a
 * list request costs one revision check at most, not a walk over the whole registry. Beside it,
 * each process's figures, synced from the ledger's payment events (stats-sync.ts): kept here, not
 * in an object of their own, so the figures are filtered by owner, tag and status in the same
 * SQLite as the list (docs/gateway.md, "Success rates and earnings"). Each sync reads at most
 * SYNC_PAGES_MAX ledger pages per request (bounded-pages.ts).
 */
export class ProcessIndexObject extends DurableObject<GatewayEnv> {
  private readonly sql: SqlStorage;
  private readonly registrySync = new ThrottledSync(
    () =>
      syncRegistry({ sql: this.sql, ledger: gatewayLedger(this.env), maxPages: SYNC_PAGES_MAX }),
    SYNC_INTERVAL_MS,
  );
  private readonly statsSync = new ThrottledSync(
    () =>
      syncStats({
        sql: this.sql,
        storage: this.ctx.storage,
        ledger: gatewayLedger(this.env),
        maxPages: SYNC_PAGES_MAX,
      }),
    SYNC_INTERVAL_MS,
  );

  constructor(ctx: DurableObjectState, env: GatewayEnv) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    createSchema(this.sql);
    createStatsSchema(this.sql);
  }

  /**
   * A page of the list (GET /api/processes, MCP tools/list). A ledger that refuses the sync or
   * cannot be reached is answered as the ledger's error, a value (index-result.ts).
   */
  async list(args: ListArgs): Promise<IndexResult<ListPage>> {
    const unsynced = await syncedOrRefused([this.registrySync.ifStale()]);
    if (unsynced !== null) return unsynced;
    const { rows, nextCursor } = this.page(args);
    const bodies = rows.map((row) => row.body);
    return { ok: true, value: nextCursor === undefined ? { bodies } : { bodies, nextCursor } };
  }

  /** The figures of the processes the filters match, in id order (GET /api/stats). */
  async stats(args: ListArgs): Promise<IndexResult<StatsPage>> {
    const unsynced = await this.syncFigures();
    if (unsynced !== null) return unsynced;
    return { ok: true, value: statsOfPage({ sql: this.sql, ...this.page(args) }) };
  }

  /** One process's figures (GET /api/stats/:processId; stats-answer.ts). */
  async statsOf(processId: string): Promise<IndexResult<OneProcessStats>> {
    const unsynced = await this.syncFigures();
    return unsynced ?? statsOfProcess({ sql: this.sql, processId });
  }

  /** Both syncs the figures read: the processes they are filtered by, and the events. */
  private syncFigures() {
    return syncedOrRefused([this.registrySync.ifStale(), this.statsSync.ifStale()]);
  }

  private page(args: ListArgs): { rows: ProcessRow[]; nextCursor?: string } {
    const rows = selectPage(this.sql, {
      owner: args.owner,
      tag: args.tag,
      status: args.status,
      after: args.cursor,
      limit: args.limit + 1,
    });
    const page = rows.slice(0, args.limit);
    const last = page[page.length - 1];
    return rows.length > args.limit && last !== undefined
      ? { rows: page, nextCursor: last.id }
      : { rows: page };
  }
}
