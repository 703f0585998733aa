import { z } from "zod";
import { EVENTS, type EventName } from "../contract/structs.js";
import { normalizeAddress } from "../schemas/address-format.js";
import { LedgerError } from "./errors.js";
import type { NetworkConfig } from "./networks.js";
import { type FetchLike, sendNodeRequest } from "./transport.js";

/**
 * The package's module events as the Aptos indexer's GraphQL API serves them (its `events`
 * table; shared/docs/ledger-contract.md "Events"), read in ledger order after a cursor. The
 * devnode answers exactly this query (workers/ledger/src/routes/indexer-query.ts).
 */

/** The most events one page asks for; the devnode refuses a larger limit. */
export const MODULE_EVENTS_PAGE_MAX = 100;

/** Every column of the indexer's `events` row the query selects. */
export const EVENT_FIELDS = [
  "type",
  "indexed_type",
  "data",
  "transaction_version",
  "event_index",
  "account_address",
  "creation_number",
  "sequence_number",
  "transaction_block_height",
] as const;

/** The query up to its selection set: `_in` for a list of types, `_eq` for one. */
export function moduleEventsQueryHead(op: "_in" | "_eq"): string {
  const types = op === "_in" ? "[String!]!" : "String!";
  return `query ModuleEvents($types: ${types}, $after: bigint!, $limit: Int!) {
  events(where: {indexed_type: {${op}: $types}, transaction_version: {_gt: $after}}, order_by: [{transaction_version: asc}, {event_index: asc}], limit: $limit) {`;
}

const MODULE_EVENTS_QUERY = `${moduleEventsQueryHead("_in")}
    ${EVENT_FIELDS.join("\n    ")}
  }
}`;

/** Hasura writes bigint columns as numbers or strings; both read as bigint. */
const bigintColumn = z.union([
  z
    .number()
    .int()
    .nonnegative()
    .transform((n) => BigInt(n)),
  z.string().regex(/^\d+$/).transform(BigInt),
]);

const eventRow = z.object({
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  transaction_version: bigintColumn,
  event_index: bigintColumn,
});

const eventsAnswer = z.object({ data: z.object({ events: z.array(eventRow) }) });

export type ModuleEvent = {
  name: EventName;
  data: Record<string, unknown>;
  version: bigint;
  index: bigint;
};

/**
 * An event type in both address forms: the node prints the module address trimmed
 * (`to_hex_literal`), a standardizing indexer writes it long; asking for both finds either.
 */
function typeForms(moduleAddress: string, name: EventName): string[] {
  const long = normalizeAddress(moduleAddress);
  const short = `0x${long.slice(2).replace(/^0+/, "") || "0"}`;
  const tail = `::${EVENTS[name].module}::${name}`;
  return long === short ? [`${long}${tail}`] : [`${short}${tail}`, `${long}${tail}`];
}

/**
 * One page of the named events after `after` (a transaction version), in ledger order. A page
 * may end inside a transaction; the caller decides how to resume (see stats-sync.ts).
 */
export async function readModuleEvents(args: {
  network: NetworkConfig;
  fetch: FetchLike;
  timeoutMs: number;
  moduleAddress: string;
  names: readonly EventName[];
  after: bigint;
  limit: number;
}): Promise<ModuleEvent[]> {
  const { network } = args;
  if (network.indexer === undefined) {
    throw new LedgerError({
      kind: "invalid_input",
      message: `network "${network.name}" has no indexer URL to read events from`,
    });
  }
  const byType = new Map<string, EventName>();
  for (const name of args.names) {
    for (const type of typeForms(args.moduleAddress, name)) byType.set(type, name);
  }
  const answer = await sendNodeRequest({
    fetch: args.fetch,
    timeoutMs: args.timeoutMs,
    method: "POST",
    url: network.indexer,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      query: MODULE_EVENTS_QUERY,
      variables: {
        types: [...byType.keys()],
        after: args.after.toString(),
        limit: Math.min(args.limit, MODULE_EVENTS_PAGE_MAX),
      },
    }),
  });
  const parsed = eventsAnswer.safeParse(answer.data);
  if (answer.status !== 200 || !parsed.success) {
    throw new LedgerError({
      kind: answer.status >= 500 || answer.status === 429 ? "network" : "rejected",
      status: answer.status,
      message: `indexer events: unexpected answer (HTTP ${answer.status}) from ${network.indexer}`,
    });
  }
  return parsed.data.data.events.flatMap((row) => {
    const name = byType.get(row.type);
    return name === undefined
      ? []
      : [{ name, data: row.data, version: row.transaction_version, index: row.event_index }];
  });
}
