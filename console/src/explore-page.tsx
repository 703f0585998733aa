import { useState } from "hono/jsx/dom";
import type { Process } from "#shared/schemas/process";
import { listProcesses } from "./api.js";
import {
  type ExploreFilter,
  exploreProcesses,
  NO_FILTER,
  NO_STATS,
  type StatsById,
  withStatus,
} from "./explore-filter.js";
import { FilterForm } from "./filter-form.js";
import { PageTitle, Problem } from "./page-parts.js";
import { priceText } from "./price.js";
import { href } from "./route.js";
import { statsById } from "./stats-api.js";
import { StatsLine } from "./stats-text.js";
import { useApi } from "./use-api.js";

/** `stats` is null until the figures arrive (or when they cannot): then the card shows none. */
function ProcessCard({ process, stats }: { process: Process; stats: StatsById | null }) {
  return (
    <li class="card">
      <h2>
        <a href={href.process(process.id)}>{process.name}</a>
      </h2>
      <p>{process.description || "No description."}</p>
      <p class="meta">
        <span>{priceText(process)}</span>
        {process.status !== "active" && <span class="tag">{process.status}</span>}
        {process.tags.map((tag) => (
          <span class="tag">{tag}</span>
        ))}
      </p>
      {stats !== null && <StatsLine stats={stats.get(process.id)} />}
    </li>
  );
}

/** Explore (docs/console.md): the processes, active ones unless asked, searched, filtered and sorted. */
export function ExplorePage() {
  const list = useApi(listProcesses, "processes");
  // The figures arrive on their own: without them Explore still lists, and says why they are missing.
  const figures = useApi(() => statsById({}), "stats");
  const [filter, setFilter] = useState<ExploreFilter>(NO_FILTER);
  if (list.state === "loading") return <PageTitle title="Explore processes" busy />;
  if (!list.ok) return <Problem title="Explore processes" message={list.message} />;
  const { processes, nextCursor } = list.value;
  if (processes.length === 0) {
    return (
      <section>
        <PageTitle title="Explore processes" />
        <p>
          No process is registered yet. Register one with the CLI (agentgate register, see the
          README), or run npm run demo, then reload.
        </p>
      </section>
    );
  }
  const stats = figures.state === "done" && figures.ok ? figures.value : null;
  const shown = exploreProcesses(processes, filter, stats ?? NO_STATS);
  return (
    <section>
      <PageTitle title="Explore processes" />
      <FilterForm processes={processes} filter={filter} onChange={setFilter} />
      <p role="status">
        {shown.length} of {withStatus(processes, filter.status).length}{" "}
        {filter.status === "any" ? "" : `${filter.status} `}processes
        {nextCursor === undefined ? "" : " (the gateway's first page of the list)"}
      </p>
      {figures.state === "done" && !figures.ok && (
        <p class="problem">Success rates and runs are not available: {figures.message}</p>
      )}
      <ul class="cards">
        {shown.map((process) => (
          <ProcessCard process={process} stats={stats} />
        ))}
      </ul>
    </section>
  );
}
