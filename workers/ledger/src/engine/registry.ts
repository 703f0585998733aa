import { ASSIGNED_ID_PREFIX, CURRENCY, LIMITS, PROCESS_STATUS } from "#shared/contract";
import { emitEvent, ensure, present } from "./abort.js";
import type { Args } from "./args.js";
import {
  hasAssignedPrefix,
  isValidDescription,
  isValidId,
  isValidName,
  isValidServiceUrl,
  isValidTag,
} from "./limits-check.js";
import { longAddress } from "./move-values.js";
import type { Process } from "./records.js";
import {
  deleteProcess,
  indexProcess,
  isIdUsed,
  readProcess,
  recordChange,
  reserveId,
  writeProcess,
} from "./registry-store.js";
import { bumpCounter } from "./schema.js";
import type { ExecutionContext } from "./types.js";
import { escrowVaultAddress } from "./vault.js";

const MODULE = "process_registry";
const ZERO_ADDRESS = longAddress("0x0");
const STATUSES: readonly number[] = Object.values(PROCESS_STATUS);

/** The parameters register and update share (update replaces all of them). */
interface ProcessFields {
  name: string;
  description: string;
  service_url: string;
  payment_address: string;
  agents: string[];
  workflows: string[];
  tags: string[];
  status: number;
  has_pricing: boolean;
  task_price: bigint;
  currency: string;
  requires_prepayment: boolean;
}

function readFields(args: Args): ProcessFields {
  return {
    name: args.string("name"),
    description: args.string("description"),
    service_url: args.string("service_url"),
    payment_address: args.address("payment_address"),
    agents: args.addresses("agents"),
    workflows: args.strings("workflows"),
    tags: args.strings("tags"),
    status: args.u8("status"),
    has_pricing: args.bool("has_pricing"),
    task_price: args.u64("task_price"),
    currency: args.string("currency"),
    requires_prepayment: args.bool("requires_prepayment"),
  };
}

/** Checks of the fields register and update share, in the Move code's order. */
function validateFields(ctx: ExecutionContext, f: ProcessFields): void {
  ensure(ctx, MODULE, isValidName(f.name), "EINVALID_NAME");
  ensure(ctx, MODULE, isValidDescription(f.description), "EDESCRIPTION_TOO_LONG");
  ensure(ctx, MODULE, isValidServiceUrl(f.service_url), "EINVALID_SERVICE_URL");
  ensure(ctx, MODULE, f.agents.length <= LIMITS.MAX_AGENTS, "ETOO_MANY_AGENTS");
  ensure(
    ctx,
    MODULE,
    f.workflows.length <= LIMITS.MAX_WORKFLOWS && f.workflows.every(isValidId),
    "ETOO_MANY_WORKFLOWS",
  );
  ensure(ctx, MODULE, f.tags.length <= LIMITS.MAX_TAGS, "ETOO_MANY_TAGS");
  ensure(ctx, MODULE, f.tags.every(isValidTag), "EINVALID_TAG");
  ensure(ctx, MODULE, STATUSES.includes(f.status), "EINVALID_STATUS");
  ensure(ctx, MODULE, !f.has_pricing || f.currency === CURRENCY, "EUNSUPPORTED_CURRENCY");
  // Funds released to the vault's own address would stay in the vault for good
  // (ledger-contract.md, "process_registry"). Addresses arrive in long form (Args.address).
  ensure(
    ctx,
    MODULE,
    f.payment_address !== escrowVaultAddress(ctx.moduleAddress),
    "EPAYMENT_ADDRESS_IS_VAULT",
  );
}

/** The record as register/update store it; @0x0 as payment address means the owner. */
function buildProcess(
  id: string,
  owner: string,
  f: ProcessFields,
  createdAt: bigint,
  now: bigint,
): Process {
  return {
    id,
    name: f.name,
    description: f.description,
    owner,
    service_url: f.service_url,
    payment_address: f.payment_address === ZERO_ADDRESS ? owner : f.payment_address,
    agents: f.agents,
    workflows: f.workflows,
    tags: f.tags,
    status: f.status,
    pricing: f.has_pricing
      ? {
          task_price: f.task_price,
          currency: f.currency,
          requires_prepayment: f.requires_prepayment,
        }
      : null,
    created_at: createdAt,
    updated_at: now,
  };
}

/** `proc-<n>` from a counter starting at 1, skipping any n whose id is taken. */
function assignId(sql: SqlStorage): string {
  for (;;) {
    const id = `${ASSIGNED_ID_PREFIX}${bumpCounter(sql, "last_process_number")}`;
    if (!isIdUsed(sql, id)) return id;
  }
}

export function registerProcess(ctx: ExecutionContext, owner: string, args: Args): void {
  const requested = args.string("id");
  const fields = readFields(args);
  const chosen = requested !== "";
  ensure(ctx, MODULE, !chosen || isValidId(requested), "EINVALID_ID");
  ensure(ctx, MODULE, !chosen || !hasAssignedPrefix(requested), "ERESERVED_ID_PREFIX");
  validateFields(ctx, fields);
  ensure(ctx, MODULE, !chosen || !isIdUsed(ctx.sql, requested), "EPROCESS_EXISTS");
  const id = chosen ? requested : assignId(ctx.sql);

  const process = buildProcess(id, owner, fields, ctx.now, ctx.now);
  writeProcess(ctx.sql, process);
  reserveId(ctx.sql, id);
  indexProcess(ctx.sql, id, owner);
  recordChange(ctx.sql, id);
  emitEvent(ctx, "ProcessRegistered", { process_id: id, owner });
}

/** Looks a process up for an owner-only change: not_found first, then permission. */
function ownedProcess(ctx: ExecutionContext, sender: string, id: string): Process {
  const process = present(ctx, MODULE, readProcess(ctx.sql, id), "EPROCESS_NOT_FOUND");
  ensure(ctx, MODULE, process.owner === sender, "ENOT_PROCESS_OWNER");
  return process;
}

export function updateProcess(ctx: ExecutionContext, sender: string, args: Args): void {
  const id = args.string("id");
  const current = ownedProcess(ctx, sender, id);
  const fields = readFields(args);
  validateFields(ctx, fields);
  const process = buildProcess(id, current.owner, fields, current.created_at, ctx.now);
  writeProcess(ctx.sql, process);
  recordChange(ctx.sql, id);
  emitEvent(ctx, "ProcessUpdated", { process_id: id, owner: current.owner, status: fields.status });
}

export function deregisterProcess(ctx: ExecutionContext, sender: string, args: Args): void {
  const process = ownedProcess(ctx, sender, args.string("id"));
  deleteProcess(ctx.sql, process);
  recordChange(ctx.sql, process.id);
  emitEvent(ctx, "ProcessDeregistered", { process_id: process.id, owner: process.owner });
}
