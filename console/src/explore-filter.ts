import type { Process } from "#shared/schemas/process";
import { priceOf } from "./price.js";

export const PRICE_FILTERS = ["any", "free", "paid"] as const;
export const SORT_ORDERS = ["name", "price-low", "price-high", "newest"] as const;
export type PriceFilter = (typeof PRICE_FILTERS)[number];
export type SortOrder = (typeof SORT_ORDERS)[number];

/** `value` when it is one of `options`, else the first option. */
export function oneOf<T extends string>(options: readonly [T, ...T[]], value: string): T {
  return options.find((option) => option === value) ?? options[0];
}

export type ExploreFilter = {
  text: string;
  tag: string;
  owner: string;
  price: PriceFilter;
  sort: SortOrder;
};

export const NO_FILTER: ExploreFilter = {
  text: "",
  tag: "",
  owner: "",
  price: "any",
  sort: "name",
};

function matchesText(process: Process, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (needle === "") return true;
  return [process.id, process.name, process.description, ...process.tags].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

const ORDER: Record<SortOrder, (a: Process, b: Process) => number> = {
  name: (a, b) => a.name.localeCompare(b.name),
  "price-low": (a, b) => Number(priceOf(a) - priceOf(b)) || a.name.localeCompare(b.name),
  "price-high": (a, b) => Number(priceOf(b) - priceOf(a)) || a.name.localeCompare(b.name),
  newest: (a, b) => b.createdAt.localeCompare(a.createdAt),
};

/** The processes Explore shows for `filter`: every condition holds (an empty one always does). */
export function exploreProcesses(processes: readonly Process[], filter: ExploreFilter): Process[] {
  return processes
    .filter(
      (process) =>
        matchesText(process, filter.text) &&
        (filter.tag === "" || process.tags.includes(filter.tag)) &&
        (filter.owner === "" || process.owner === filter.owner) &&
        (filter.price === "any" || (priceOf(process) === 0n) === (filter.price === "free")),
    )
    .sort(ORDER[filter.sort]);
}

/** Each value once, sorted: the choices of the tag and owner filters. */
export function choices(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}
