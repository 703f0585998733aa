import { present } from "./abort.js";
import type { ViewHandler } from "./handlers.js";
import {
  changedSince,
  listProcesses,
  listProcessesByOwner,
  ownerProcessCount,
  processCount,
  readProcess,
  registryRevision,
} from "./registry-store.js";

export const REGISTRY_VIEWS = {
  get_process: (ctx, args) => [
    present(ctx, "process_registry", readProcess(ctx.sql, args.string("id")), "EPROCESS_NOT_FOUND"),
  ],
  process_exists: (ctx, args) => [readProcess(ctx.sql, args.string("id")) !== undefined],
  process_count: (ctx) => [BigInt(processCount(ctx.sql))],
  list_processes: (ctx, args) => [listProcesses(ctx.sql, args.u64("start"), args.u64("limit"))],
  owner_process_count: (ctx, args) => [BigInt(ownerProcessCount(ctx.sql, args.address("owner")))],
  list_processes_by_owner: (ctx, args) => [
    listProcessesByOwner(ctx.sql, args.address("owner"), args.u64("start"), args.u64("limit")),
  ],
  registry_revision: (ctx) => [registryRevision(ctx.sql)],
  changed_since: (ctx, args) => [changedSince(ctx.sql, args.u64("revision"), args.u64("limit"))],
} satisfies Record<string, ViewHandler>;
