import { useState } from "hono/jsx/dom";
import type { Process } from "#shared/schemas/process";
import { listActiveProcesses } from "./api.js";
import { type ExploreFilter, exploreProcesses, NO_FILTER } from "./explore-filter.js";
import { FilterForm } from "./filter-form.js";
import { PageTitle, Problem } from "./page-parts.js";
import { priceText } from "./price.js";
import { href } from "./route.js";
import { useApi } from "./use-api.js";

function ProcessCard({ process }: { process: Process }) {
  return (
    <li class="card">
      <h2>
        <a href={href.process(process.id)}>{process.name}</a>
      </h2>
      <p>{process.description || "No description."}</p>
      <p class="meta">
        <span>{priceText(process)}</span>
        {process.tags.map((tag) => (
          <span class="tag">{tag}</span>
        ))}
      </p>
    </li>
  );
}

/** Explore (docs/console.md): the active processes, searched, filtered and sorted. */
export function ExplorePage() {
  const list = useApi(listActiveProcesses, "processes");
  const [filter, setFilter] = useState<ExploreFilter>(NO_FILTER);
  if (list.state === "loading") return <PageTitle title="Explore processes" busy />;
  if (!list.ok) return <Problem title="Explore processes" message={list.message} />;
  const { processes, nextCursor } = list.value;
  if (processes.length === 0) {
    return (
      <section>
        <PageTitle title="Explore processes" />
        <p>
          No active process is registered yet. Register one with the CLI (agentgate register, see
          the README), or run npm run demo, then reload.
        </p>
      </section>
    );
  }
  const shown = exploreProcesses(processes, filter);
  return (
    <section>
      <PageTitle title="Explore processes" />
      <FilterForm processes={processes} filter={filter} onChange={setFilter} />
      <p role="status">
        {shown.length} of {processes.length} active processes
        {nextCursor === undefined ? "" : " (the gateway's first page of the list)"}
      </p>
      <ul class="cards">
        {shown.map((process) => (
          <ProcessCard process={process} />
        ))}
      </ul>
    </section>
  );
}
