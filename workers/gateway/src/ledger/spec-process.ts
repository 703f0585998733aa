import type { LedgerProcess } from "../../../../shared/src/ledger/records.js";
import { toSpecProcess } from "../../../../shared/src/ledger/spec-process.js";
import type { Process } from "../../../../shared/src/schemas/process.js";

/**
 * The Process as the gateway answers it (README.md, "HTTP APIs") and its JSON text, so the read
 * model stores exactly what it answers.
 */
export function toSpecProcessJson(process: LedgerProcess): { spec: Process; body: string } {
  const spec = toSpecProcess(process);
  return { spec, body: JSON.stringify(spec) };
}
