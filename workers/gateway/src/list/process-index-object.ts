import { DurableObject } from "cloudflare:workers";
import type { LedgerProcess } from "#shared/ledger/records";
import { gatewayLedger } from "../ledger/gateway-ledger.js";
import { toSpecProcessJson } from "../ledger/spec-process.js";
import {
  createSchema,
  deleteProcess,
  readRevision,
  selectPage,
  upsertProcess,
  writeRevision,
} from "./process-index-sql.js";

/** How stale a list may be: a request after this long asks the ledger what changed. */
export const SYNC_INTERVAL_MS = 1_000;
/** The ledger's page size for list_processes and changed_since. */
const LEDGER_PAGE = 100n;

export type ListPage = {
  /**
   * Process bodies as the gateway answers them, as JSON text, ready to be spliced into the answer.
   */
  bodies: string[];
  nextCursor?: string;
};

/**
 * The list read model (one instance): every registered process in SQLite, synced from the
 * registry's change feed (registry_revision, changed_since, get_process), so a list request
 * costs one revision check at most, not a walk over the whole registry.
 */
export class ProcessIndexObject extends DurableObject<GatewayEnv> {
  private readonly sql: SqlStorage;
  private lastSyncAt = 0;
  private syncing: Promise<void> | null = null;

  constructor(ctx: DurableObjectState, env: GatewayEnv) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    createSchema(this.sql);
  }

  async list(args: {
    owner?: string | undefined;
    tag?: string | undefined;
    status?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  }): Promise<ListPage> {
    await this.syncIfStale();
    const rows = selectPage(this.sql, {
      owner: args.owner,
      tag: args.tag,
      status: args.status,
      after: args.cursor,
      limit: args.limit + 1,
    });
    const page = rows.slice(0, args.limit);
    const bodies = page.map((row) => row.body);
    const last = page[page.length - 1];
    return rows.length > args.limit && last !== undefined
      ? { bodies, nextCursor: last.id }
      : { bodies };
  }

  private syncIfStale(): Promise<void> {
    if (Date.now() - this.lastSyncAt < SYNC_INTERVAL_MS) return Promise.resolve();
    // Concurrent requests share one sync instead of each asking the ledger.
    this.syncing ??= this.sync().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async sync(): Promise<void> {
    const ledger = gatewayLedger(this.env);
    const head = await ledger.registryRevision();
    const stored = readRevision(this.sql);
    if (stored === null) {
      // First sync: page through the registry, then follow the feed from the revision read
      // before paging (changes made meanwhile are replayed; upserts are idempotent).
      for (let start = 0n; ; start += LEDGER_PAGE) {
        const page = await ledger.listProcesses({ start, limit: LEDGER_PAGE });
        for (const process of page) this.upsert(process);
        if (BigInt(page.length) < LEDGER_PAGE) break;
      }
      writeRevision(this.sql, head.toString());
    } else {
      let cursor = BigInt(stored);
      while (cursor < head) {
        const ids = await ledger.changedSince({ revision: cursor, limit: LEDGER_PAGE });
        if (ids.length === 0) break;
        for (const id of new Set(ids)) {
          const process = await ledger.getProcess(id);
          if (process === null) this.remove(id);
          else this.upsert(process);
        }
        // One id per revision: the feed is a dense log.
        cursor += BigInt(ids.length);
        writeRevision(this.sql, cursor.toString());
      }
    }
    this.lastSyncAt = Date.now();
  }

  private upsert(process: LedgerProcess): void {
    const { body, spec } = toSpecProcessJson(process);
    upsertProcess(this.sql, {
      id: spec.id,
      owner: spec.owner,
      status: spec.status,
      body,
      tags: spec.tags,
    });
  }

  private remove(id: string): void {
    deleteProcess(this.sql, id);
  }
}
