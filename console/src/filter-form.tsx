import type { Process } from "#shared/schemas/process";
import { eventValue } from "./event-value.js";
import {
  choices,
  type ExploreFilter,
  oneOf,
  PRICE_FILTERS,
  SORT_ORDERS,
  STATUS_FILTERS,
} from "./explore-filter.js";

type Options = readonly (readonly [value: string, text: string])[];

const PRICE_CHOICES: Options = [
  ["any", "Any price"],
  ["free", "Free"],
  ["paid", "Paid"],
];
const STATUS_CHOICES: Options = [
  ["active", "Active"],
  ["maintenance", "Maintenance"],
  ["inactive", "Inactive"],
  ["any", "Any status"],
];
const SORT_CHOICES: Options = [
  ["name", "Name"],
  ["price-low", "Price, lowest first"],
  ["price-high", "Price, highest first"],
  ["newest", "Newest first"],
  ["success-rate", "Success rate, highest first"],
  ["runs", "Paid runs, most first"],
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

/** Explore's search, filters and order. */
export function FilterForm(props: {
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
        label="Status"
        value={filter.status}
        options={STATUS_CHOICES}
        onPick={(status) => set({ status: oneOf(STATUS_FILTERS, status) })}
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
