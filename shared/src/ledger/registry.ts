import { z } from "zod";
import { CURRENCY } from "../contract/limits.js";
import { PROCESS_STATUS } from "../contract/status.js";
import type { ProcessStatus } from "../schemas/process.js";
import type { LedgerCore } from "./core.js";
import type { MoveArgument } from "./entry-bcs.js";
import { LedgerError } from "./errors.js";
import { findEvents } from "./events.js";
import { toAddress, toAddresses } from "./inputs.js";
import { toU8, toU64, type U64Input } from "./integers.js";
import { boolJson, stringJson, u64Json } from "./move-json.js";
import { type LedgerProcess, processJson } from "./records.js";
import type { LedgerSigner, SubmitOptions, TxReceipt } from "./transactions.js";
import { orNull, single } from "./view-results.js";

/** Every field register and update write (update replaces all of them: read, merge, write back). */
export interface ProcessFields {
  name: string;
  description?: string;
  serviceUrl: string;
  /** Where released funds go; omitted (or 0x0) means the owner. */
  paymentAddress?: string;
  agents?: readonly string[];
  workflows?: readonly string[];
  tags?: readonly string[];
  /** A status name (active, inactive, maintenance) or the ledger's u8 code; default active. */
  status?: ProcessStatus | number;
  /** Omitted: the process is free. */
  pricing?: { taskPrice: U64Input; currency?: string; requiresPrepayment: boolean };
}

export interface RegisterProcessArgs {
  signer: LedgerSigner;
  /** Omitted or empty: the registry assigns `proc-<n>`. */
  id?: string;
  process: ProcessFields;
  options?: SubmitOptions;
}

export interface UpdateProcessArgs {
  signer: LedgerSigner;
  id: string;
  process: ProcessFields;
  options?: SubmitOptions;
}

export interface PageArgs {
  start?: U64Input;
  /** Capped at 100 by the ledger. */
  limit?: U64Input;
}

function statusCode(status: ProcessStatus | number | undefined): number {
  if (status === undefined) return PROCESS_STATUS.active;
  if (typeof status === "number") return toU8(status, "status");
  if (!(status in PROCESS_STATUS)) {
    throw new LedgerError({
      kind: "invalid_input",
      message: `status: "${status}" is not one of active, inactive, maintenance`,
    });
  }
  return PROCESS_STATUS[status];
}

/** The twelve process parameters after the id, in the table's order. */
export function processArguments(fields: ProcessFields): MoveArgument[] {
  const pricing = fields.pricing;
  return [
    fields.name,
    fields.description ?? "",
    fields.serviceUrl,
    fields.paymentAddress === undefined
      ? "0x0"
      : toAddress(fields.paymentAddress, "paymentAddress"),
    toAddresses(fields.agents ?? [], "agents"),
    [...(fields.workflows ?? [])],
    [...(fields.tags ?? [])],
    statusCode(fields.status),
    pricing !== undefined,
    pricing === undefined ? 0n : toU64(pricing.taskPrice, "pricing.taskPrice"),
    pricing?.currency ?? CURRENCY,
    pricing?.requiresPrepayment ?? false,
  ];
}

/** The fields of a stored process, for read-merge-write updates. */
export function processFieldsOf(process: LedgerProcess): ProcessFields {
  return {
    name: process.name,
    description: process.description,
    serviceUrl: process.serviceUrl,
    paymentAddress: process.paymentAddress,
    agents: process.agents,
    workflows: process.workflows,
    tags: process.tags,
    status: process.status,
    ...(process.pricing === undefined ? {} : { pricing: process.pricing }),
  };
}

const processIdEvent = z.object({ process_id: stringJson });
const processList = single(z.array(processJson));
const u64Result = single(u64Json);
const boolResult = single(boolJson);

export function registryFunctions(core: LedgerCore) {
  /** One page in registration order (deregistering swaps the last entry into the gap). */
  async function listProcesses(args: PageArgs = {}): Promise<LedgerProcess[]> {
    return core.view({
      fn: "list_processes",
      args: [toU64(args.start ?? 0n, "start"), toU64(args.limit ?? 100n, "limit")],
      result: processList,
    });
  }

  async function listProcessesByOwner(
    args: PageArgs & { owner: string },
  ): Promise<LedgerProcess[]> {
    return core.view({
      fn: "list_processes_by_owner",
      args: [
        toAddress(args.owner, "owner"),
        toU64(args.start ?? 0n, "start"),
        toU64(args.limit ?? 100n, "limit"),
      ],
      result: processList,
    });
  }

  return {
    /** Registers a process; the id (given or assigned) comes from the ProcessRegistered event. */
    async registerProcess(args: RegisterProcessArgs): Promise<TxReceipt & { processId: string }> {
      const receipt = await core.entry({
        signer: args.signer,
        fn: "register_process",
        args: [args.id ?? "", ...processArguments(args.process)],
        ...(args.options === undefined ? {} : { options: args.options }),
      });
      const [event] = findEvents(
        receipt,
        core.moduleAddress(),
        "process_registry",
        "ProcessRegistered",
      );
      const parsed = processIdEvent.safeParse(event?.data);
      if (!parsed.success) {
        throw new LedgerError({
          kind: "rejected",
          message: `register_process committed (${receipt.hash}) without a ProcessRegistered event`,
          hash: receipt.hash,
        });
      }
      return { ...receipt, processId: parsed.data.process_id };
    },

    /** Owner only; replaces every field but id, owner and created_at. */
    async updateProcess(args: UpdateProcessArgs): Promise<TxReceipt> {
      return core.entry({
        signer: args.signer,
        fn: "update_process",
        args: [args.id, ...processArguments(args.process)],
        ...(args.options === undefined ? {} : { options: args.options }),
      });
    },

    async deregisterProcess(args: {
      signer: LedgerSigner;
      id: string;
      options?: SubmitOptions;
    }): Promise<TxReceipt> {
      return core.entry({
        signer: args.signer,
        fn: "deregister_process",
        args: [args.id],
        ...(args.options === undefined ? {} : { options: args.options }),
      });
    },

    /** Null when no process has this id. */
    async getProcess(id: string): Promise<LedgerProcess | null> {
      return orNull(
        () => core.view({ fn: "get_process", args: [id], result: single(processJson) }),
        "EPROCESS_NOT_FOUND",
      );
    },

    async processExists(id: string): Promise<boolean> {
      return core.view({ fn: "process_exists", args: [id], result: boolResult });
    },

    async processCount(): Promise<bigint> {
      return core.view({ fn: "process_count", args: [], result: u64Result });
    },

    listProcesses,

    async ownerProcessCount(owner: string): Promise<bigint> {
      return core.view({
        fn: "owner_process_count",
        args: [toAddress(owner, "owner")],
        result: u64Result,
      });
    },

    listProcessesByOwner,

    /** Every process (all pages), or every process of one owner. */
    async listAllProcesses(args: { owner?: string } = {}): Promise<LedgerProcess[]> {
      const all: LedgerProcess[] = [];
      for (;;) {
        const start = BigInt(all.length);
        const page =
          args.owner === undefined
            ? await listProcesses({ start })
            : await listProcessesByOwner({ owner: args.owner, start });
        all.push(...page);
        if (page.length < 100) return all;
      }
    },

    /** Bumped by every register, update and deregister. */
    async registryRevision(): Promise<bigint> {
      return core.view({ fn: "registry_revision", args: [], result: u64Result });
    },

    /** Ids changed after `revision`, oldest change first, at most `limit` (capped by the ledger). */
    async changedSince(args: { revision: U64Input; limit?: U64Input }): Promise<string[]> {
      return core.view({
        fn: "changed_since",
        args: [toU64(args.revision, "revision"), toU64(args.limit ?? 100n, "limit")],
        result: single(z.array(stringJson)),
      });
    },
  };
}

export type RegistryFunctions = ReturnType<typeof registryFunctions>;
