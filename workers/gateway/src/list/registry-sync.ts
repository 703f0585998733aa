import type { LedgerClient } from "#shared/ledger/client";
import type { LedgerProcess } from "#shared/ledger/records";
import { toSpecProcessJson } from "../ledger/spec-process.js";
import { readBoundedPages, type SyncProgress } from "./bounded-pages.js";
import {
  clearWalk,
  deleteProcess,
  readRevision,
  readWalk,
  upsertProcess,
  writeRevision,
  writeWalk,
} from "./process-index-sql.js";

/** The ledger's page size for list_processes and changed_since. */
const LEDGER_PAGE = 100n;

type RegistrySyncArgs = {
  sql: SqlStorage;
  ledger: Pick<
    LedgerClient,
    "registryRevision" | "processCount" | "listProcesses" | "changedSince" | "getProcess"
  >;
  maxPages: number;
};

/**
 * Brings the list toward the registry, at most `maxPages` ledger pages per call
 * (bounded-pages.ts): the first sync walks the registry, later ones follow its change feed
 * (docs/gateway.md, "List"). Each page is stored with its cursor, so the next call goes on.
 */
export async function syncRegistry(args: RegistrySyncArgs): Promise<SyncProgress> {
  const stored = readRevision(args.sql);
  return stored === null ? walkRegistry(args) : followFeed({ ...args, from: BigInt(stored) });
}

/**
 * The first sync: every process, read page by page from the top position down, then the feed
 * from the revision read before the walk began (changes made meanwhile are replayed; upserts are
 * idempotent). Downwards because deregistration moves the last process into the freed position:
 * a walk upwards would miss it when it moves below the walk, one downwards at worst reads it twice.
 */
async function walkRegistry(args: RegistrySyncArgs): Promise<SyncProgress> {
  const { sql, ledger } = args;
  let walk = readWalk(sql);
  if (walk === null) {
    const head = await ledger.registryRevision();
    walk = { head, below: await ledger.processCount() };
  }
  const walking = walk;
  return readBoundedPages({
    maxPages: args.maxPages,
    page: async () => {
      if (walking.below > 0n) {
        const start = walking.below > LEDGER_PAGE ? walking.below - LEDGER_PAGE : 0n;
        const page = await ledger.listProcesses({ start, limit: walking.below - start });
        for (const process of page) upsert(sql, process);
        walking.below = start;
      }
      if (walking.below > 0n) {
        writeWalk(sql, walking);
        return { more: true };
      }
      writeRevision(sql, walking.head.toString());
      clearWalk(sql);
      return { more: false };
    },
  });
}

/** Later syncs: the ids changed since the stored revision, each read again or removed. */
async function followFeed(args: RegistrySyncArgs & { from: bigint }): Promise<SyncProgress> {
  const { sql, ledger } = args;
  const head = await ledger.registryRevision();
  let cursor = args.from;
  if (cursor >= head) return "caught_up";
  return readBoundedPages({
    maxPages: args.maxPages,
    page: async () => {
      const ids = await ledger.changedSince({ revision: cursor, limit: LEDGER_PAGE });
      if (ids.length === 0) return { more: false };
      for (const id of new Set(ids)) {
        const process = await ledger.getProcess(id);
        if (process === null) deleteProcess(sql, id);
        else upsert(sql, process);
      }
      // One id per revision: the feed is a dense log.
      cursor += BigInt(ids.length);
      writeRevision(sql, cursor.toString());
      return { more: cursor < head };
    },
  });
}

function upsert(sql: SqlStorage, process: LedgerProcess): void {
  const { body, spec } = toSpecProcessJson(process);
  upsertProcess(sql, {
    id: spec.id,
    owner: spec.owner,
    status: spec.status,
    body,
    tags: spec.tags,
  });
}
