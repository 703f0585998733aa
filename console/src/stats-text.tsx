import type { ProcessStats } from "#shared/schemas/stats";

/** The success rate in words: a percentage of the outcomes on the ledger, or none yet. */
export function rateText(stats: ProcessStats | undefined): string {
  if (stats === undefined || stats.successRate === null) return "No outcome yet";
  const outcomes = stats.delivered + stats.failed;
  return `${Math.round(stats.successRate * 100)}% success (${stats.delivered} of ${outcomes} delivered)`;
}

export function runsText(stats: ProcessStats | undefined): string {
  const runs = stats?.runs ?? 0;
  return `${runs} paid ${runs === 1 ? "run" : "runs"}`;
}

/** A process's success rate and paid runs, as Explore's cards show them. */
export function StatsLine({ stats }: { stats: ProcessStats | undefined }) {
  return (
    <p class="meta stats">
      <span>{rateText(stats)}</span>
      <span>{runsText(stats)}</span>
    </p>
  );
}
