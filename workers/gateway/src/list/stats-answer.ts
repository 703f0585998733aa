import type { ProcessStatus } from "#shared/schemas/process";
import type { ProcessStats } from "#shared/schemas/stats";
import { type Figures, NO_FIGURES, successRate } from "./stats-figures.js";

/** A process's figures as the API answers them: counts, the rate, octas as decimal strings. */
export function toProcessStats(args: {
  processId: string;
  owner: string | null;
  status: ProcessStatus | null;
  figures: Figures | undefined;
}): ProcessStats {
  const f = args.figures ?? NO_FIGURES;
  return {
    processId: args.processId,
    owner: args.owner,
    status: args.status,
    runs: f.runs,
    delivered: f.delivered,
    failed: f.failed,
    successRate: successRate(f),
    released: f.released.toString(),
    refunded: f.refunded.toString(),
    inEscrow: f.inEscrow.toString(),
  };
}
