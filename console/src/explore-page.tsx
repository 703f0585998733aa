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

type Options = readonly (readonly [value: string, text: string])[];

const PRICE_CHOICES: Options = [
  ["any", "Any price"],
  ["free", "Free"],
  ["paid", "Paid"],
];
const SORT_CHOICES: Options = [
  ["name", "Name"],
  ["price-low", "Price, lowest first"],
  ["price-high", "Price, highest first"],
  ["newest", "Newest first"],
];

const shortAddress = (address: string) => `${address.slice(0, 10)}…${address.slice(-4)}`;

/** A labelled select of `options`, `value` selected. */
function Choice(props: {
  label: string;
  value: string;
  options: Options;
  onPick: (value: string) => void;
}) {
  const id = `filter-${props.label.toLowerCase().replaceAll(" ", "-")}`;
  return (
    <div class="filter">
      <label for={id}>{props.label}</label>
      <select id={id} onChange={(event: Event) => props.onPick(eventValue(event))}>
        {props.options.map(([value, text]) => (
          <option value={value} selected={value === props.value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function Filters(props: {
  processes: readonly Process[];
  filter: ExploreFilter;
  onChange: (filter: ExploreFilter) => void;
}) {
  const { filter, onChange } = props;
  const set = (part: Partial<ExploreFilter>) => onChange({ ...filter, ...part });
  const tags = props.processes.flatMap((process) => process.tags);
  const owners = props.processes.map((process) => process.owner);
  return (
    <form
      class="filters"
      aria-label="Find processes"
      onSubmit={(event: Event) => event.preventDefault()}
    >
      <div class="filter">
        <label for="filter-search">Search</label>
        <input
          id="filter-search"
          type="search"
          value={filter.text}
          onInput={(event: Event) => set({ text: eventValue(event) })}
        />
      </div>
      <Choice
        label="Tag"
        value={filter.tag}
        options={[["", "Any tag"], ...choices(tags).map((tag) => [tag, tag] as const)]}
        onPick={(tag) => set({ tag })}
      />
      <Choice
        label="Owner"
        value={filter.owner}
        options={[["", "Any owner"], ...choices(owners).map((o) => [o, shortAddress(o)] as const)]}
        onPick={(owner) => set({ owner })}
      />
      <Choice
        label="Price"
        value={filter.price}
        options={PRICE_CHOICES}
        onPick={(price) => set({ price: oneOf(PRICE_FILTERS, price) })}
      />
      <Choice
        label="Sort by"
        value={filter.sort}
        options={SORT_CHOICES}
        onPick={(sort) => set({ sort: oneOf(SORT_ORDERS, sort) })}
      />
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
