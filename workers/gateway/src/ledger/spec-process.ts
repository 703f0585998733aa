import type { LedgerProcess } from "#shared/ledger/records";
import { toSpecProcess } from "#shared/ledger/spec-process";
import type { Process } from "#shared/schemas/process";

/**
 * The Process as the gateway answers it (README.md, "HTTP APIs") and its JSON text, so the read
 * model stores exactly what it answers.
 */
export function toSpecProcessJson(process: LedgerProcess): { spec: Process; body: string } {
  const spec = toSpecProcess(process);
  return { spec, body: JSON.stringify(spec) };
}
