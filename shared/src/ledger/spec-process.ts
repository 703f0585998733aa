import { type Process, processStatusFromCode } from "../schemas/process.js";
import { LedgerError } from "./errors.js";
import type { LedgerProcess } from "./records.js";

/** Ledger seconds to ISO 8601. */
export function isoFromLedgerSeconds(seconds: bigint): string {
  return new Date(Number(seconds) * 1000).toISOString();
}

/**
 * The Process as the gateway answers it (README.md, "HTTP APIs"): ISO dates, status names,
 * pricing only when the process has one, and neither the service URL nor the payment address.
 */
export function toSpecProcess(process: LedgerProcess): Process {
  const status = processStatusFromCode(process.status);
  if (status === undefined) {
    throw new LedgerError({
      kind: "rejected",
      message: `process ${process.id}: the ledger returned unknown status ${process.status}`,
    });
  }
  return {
    id: process.id,
    name: process.name,
    description: process.description,
    owner: process.owner,
    agents: process.agents,
    workflows: process.workflows,
    tags: process.tags,
    status,
    ...(process.pricing === undefined
      ? {}
      : {
          pricing: {
            taskPrice: process.pricing.taskPrice.toString(),
            currency: process.pricing.currency,
            requiresPrepayment: process.pricing.requiresPrepayment,
          },
        }),
    createdAt: isoFromLedgerSeconds(process.createdAt),
    updatedAt: isoFromLedgerSeconds(process.updatedAt),
  };
}
