import { vi } from "vitest";
import { OUTCOME } from "../../../../shared/src/contract/status.js";
import { ledger } from "./ledger-fixtures.js";

/** A payment's record once an outcome is on it: reports go from the process queue's alarm. */
export async function outcomeOf(args: { processId: string; taskId: string; payer: string }) {
  return vi.waitFor(
    async () => {
      const record = await ledger.getPaymentRecord(args);
      if (record === null || record.outcome === OUTCOME.NONE) throw new Error("no outcome yet");
      return record;
    },
    { timeout: 10_000, interval: 100 },
  );
}
