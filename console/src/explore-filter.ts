import type { Process } from "#shared/schemas/process";
import type { ProcessStats } from "#shared/schemas/stats";
import { priceOf } from "./price.js";

export const PRICE_FILTERS = ["any", "free", "paid"] as const;
/** A process's status on the ledger, or any: Explore shows the active ones unless asked. */
export const STATUS_FILTERS = ["active", "maintenance", "inactive", "any"] as const;
export const SORT_ORDERS = [
  "name",
  "price-low",
  "price-high",
  "newest",
  "success-rate",
  "runs",
] as const;
export type PriceFilter = (typeof PRICE_FILTERS)[number];
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export type SortOrder = (typeof SORT_ORDERS)[number];

/** `value` when it is one of `options`, else the first option. */
export function oneOf<T extends string>(options: readonly [T, ...T[]], value: string): T {
  return options.find((option) => option === value) ?? options[0];
}

export type ExploreFilter = {
  text: string;
  tag: string;
  owner: string;
  status: StatusFilter;
  price: PriceFilter;
  sort: SortOrder;
};

export const NO_FILTER: ExploreFilter = {
  text: "",
  tag: "",
  owner: "",
  status: "active",
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

/** The figures Explore sorts by, per process id (GET /api/stats); a process without any has none. */
export type StatsById = ReadonlyMap<string, ProcessStats>;
export const NO_STATS: StatsById = new Map<string, ProcessStats>();

const byName = (a: Process, b: Process) => a.name.localeCompare(b.name);

function order(sort: SortOrder, stats: StatsById): (a: Process, b: Process) => number {
  const runs = (p: Process) => stats.get(p.id)?.runs ?? 0;
  // No outcome yet sorts after every rate, 0% included.
  const rate = (p: Process) => stats.get(p.id)?.successRate ?? -1;
  switch (sort) {
    case "name":
      return byName;
    case "price-low":
      return (a, b) => Number(priceOf(a) - priceOf(b)) || byName(a, b);
    case "price-high":
      return (a, b) => Number(priceOf(b) - priceOf(a)) || byName(a, b);
    case "newest":
      return (a, b) => b.createdAt.localeCompare(a.createdAt);
    case "success-rate":
      return (a, b) => rate(b) - rate(a) || runs(b) - runs(a) || byName(a, b);
    case "runs":
      return (a, b) => runs(b) - runs(a) || byName(a, b);
  }
}

/** The processes of `status`: what Explore counts the matches of its other filters against. */
export function withStatus(processes: readonly Process[], status: StatusFilter): Process[] {
  return processes.filter((process) => status === "any" || process.status === status);
}

/** The processes Explore shows for `filter`: every condition holds (an empty one always does). */
export function exploreProcesses(
  processes: readonly Process[],
  filter: ExploreFilter,
  stats: StatsById = NO_STATS,
): Process[] {
  return withStatus(processes, filter.status)
    .filter(
      (process) =>
        matchesText(process, filter.text) &&
        (filter.tag === "" || process.tags.includes(filter.tag)) &&
        (filter.owner === "" || process.owner === filter.owner) &&
        (filter.price === "any" || (priceOf(process) === 0n) === (filter.price === "free")),
    )
    .sort(order(filter.sort, stats));
}

/** Each value once, sorted: the choices of the tag and owner filters. */
export function choices(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}
