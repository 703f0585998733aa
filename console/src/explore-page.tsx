import { useState } from "hono/jsx/dom";
import type { Process } from "#shared/schemas/process";
import { listActiveProcesses } from "./api.js";
import { eventValue } from "./event-value.js";
import {
  choices,
  type ExploreFilter,
  exploreProcesses,
  NO_FILTER,
  oneOf,
  PRICE_FILTERS,
  SORT_ORDERS,
} from "./explore-filter.js";
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

function Filters(props: {
  processes: readonly Process[];
  filter: ExploreFilter;
  onChange: (filter: ExploreFilter) => void;
}) {
  const { filter, onChange } = props;
  const set = (part: Partial<ExploreFilter>) => onChange({ ...filter, ...part });
  return (
    <form
      class="filters"
      aria-label="Find processes"
      onSubmit={(event: Event) => event.preventDefault()}
    >
      <label>
        Search
        <input
          type="search"
          value={filter.text}
          onInput={(event: Event) => set({ text: eventValue(event) })}
        />
      </label>
      <label>
        Tag
        <select onChange={(event: Event) => set({ tag: eventValue(event) })}>
          <option value="">Any tag</option>
          {choices(props.processes.flatMap((p) => p.tags)).map((tag) => (
            <option value={tag} selected={tag === filter.tag}>
              {tag}
            </option>
          ))}
        </select>
      </label>
      <label>
        Owner
        <select onChange={(event: Event) => set({ owner: eventValue(event) })}>
          <option value="">Any owner</option>
          {choices(props.processes.map((p) => p.owner)).map((owner) => (
            <option value={owner} selected={owner === filter.owner}>
              {`${owner.slice(0, 10)}…${owner.slice(-4)}`}
            </option>
          ))}
        </select>
      </label>
      <label>
        Price
        <select
          onChange={(event: Event) => set({ price: oneOf(PRICE_FILTERS, eventValue(event)) })}
        >
          <option value="any">Any price</option>
          <option value="free">Free</option>
          <option value="paid">Paid</option>
        </select>
      </label>
      <label>
        Sort by
        <select onChange={(event: Event) => set({ sort: oneOf(SORT_ORDERS, eventValue(event)) })}>
          <option value="name">Name</option>
          <option value="price-low">Price, lowest first</option>
          <option value="price-high">Price, highest first</option>
          <option value="newest">Newest first</option>
        </select>
      </label>
    </form>
  );
}

/** Explore (docs/console.md): the active processes, searched, filtered and sorted. */
export function ExplorePage() {
  const list = useApi(listActiveProcesses, "processes");
  const [filter, setFilter] = useState<ExploreFilter>(NO_FILTER);
  if (list.state === "loading") return <PageTitle title="Explore processes" busy />;
  if (!list.ok) return <Problem title="Explore processes" message={list.message} />;
  const shown = exploreProcesses(list.value.processes, filter);
  return (
    <section>
      <PageTitle title="Explore processes" />
      <Filters processes={list.value.processes} filter={filter} onChange={setFilter} />
      <p role="status">
        {shown.length} of {list.value.processes.length} active processes
      </p>
      <ul class="cards">
        {shown.map((process) => (
          <ProcessCard process={process} />
        ))}
      </ul>
    </section>
  );
}
