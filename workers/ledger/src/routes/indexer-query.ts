import { z } from "zod";
import {
  EVENT_FIELDS,
  MODULE_EVENTS_PAGE_MAX,
  moduleEventsQueryHead,
} from "#shared/ledger/module-events";

/**
 * The indexer GraphQL the devnode answers (workers/ledger/README.md, "Indexer"): the `events`
 * query of shared/src/ledger/module-events.ts, token for token, with any subset of its fields,
 * and its values only as variables. Anything else is refused: the devnode is no GraphQL server,
 * and a query it half-understood would answer something the real indexer would not.
 */

export type EventField = (typeof EVENT_FIELDS)[number];

export type EventsQuery = {
  types: string[];
  after: bigint;
  limit: number;
  fields: EventField[];
};

export type Recognized = { ok: true; query: EventsQuery } | { ok: false; message: string };

/** Longer than any query this recognizes with room to spare; a longer text is not read. */
const MAX_QUERY_CHARS = 2048;
const MAX_TYPES = 32;
const TYPE_TEXT = /^[0-9A-Za-z_:<>, ]{1,300}$/;
/** GraphQL's names, `$variables` and punctuators; commas and white space separate nothing. */
const TOKEN = /\$?[_A-Za-z][_0-9A-Za-z]*|[!():[\]{}]|[\s,]+|./gy;

/** The query's tokens, or null when it holds anything else (strings, numbers, comments...). */
export function tokenize(text: string): string[] | null {
  const tokens: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0];
    if (/^[\s,]+$/.test(token)) continue;
    if (token.length === 1 && !/[!():[\]{}_A-Za-z]/.test(token)) return null;
    tokens.push(token);
  }
  return tokens;
}

const refuse = (message: string): Recognized => ({ ok: false, message });

/** The query's tokens before its selection set, for each operator the client may send. */
const HEADS = {
  _in: tokenize(moduleEventsQueryHead("_in")) ?? [],
  _eq: tokenize(moduleEventsQueryHead("_eq")) ?? [],
};

function startsWith(tokens: string[], head: string[]): boolean {
  return head.every((token, i) => tokens[i] === token);
}

/** The query's variables for its operator: `_in` takes a list of types, `_eq` one. */
function variablesSchema(op: "_in" | "_eq") {
  const type = z.string().regex(TYPE_TEXT, "expected a Move event type");
  return z
    .object({
      types: op === "_eq" ? type.transform((one) => [one]) : z.array(type).min(1).max(MAX_TYPES),
      // Hasura takes a bigint as a number or as a string of digits.
      after: z
        .union([
          z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
          z.string().regex(/^\d{1,20}$/),
        ])
        .transform((value) => BigInt(value)),
      limit: z.number().int().min(1).max(MODULE_EVENTS_PAGE_MAX),
    })
    .strict();
}

/** Recognizes the events query, or says why it is not one the devnode answers. */
export function recognizeEventsQuery(args: { query: string; variables: unknown }): Recognized {
  if (args.query.length > MAX_QUERY_CHARS) return refuse("the query is too long");
  const tokens = tokenize(args.query);
  if (tokens === null) return refuse("the query holds literals; pass values as variables");
  const op = (["_in", "_eq"] as const).find((candidate) => startsWith(tokens, HEADS[candidate]));
  if (op === undefined) {
    return refuse("the devnode's indexer answers processor_status and the events query only");
  }
  const selection = tokens.slice(HEADS[op].length, -2);
  const known: readonly string[] = EVENT_FIELDS;
  const fields = selection.filter((token): token is EventField => known.includes(token));
  if (
    tokens.slice(-2).join("") !== "}}" ||
    selection.length === 0 ||
    fields.length !== selection.length ||
    new Set(fields).size !== fields.length
  ) {
    return refuse(`events: select some of ${EVENT_FIELDS.join(", ")}, each once, nothing else`);
  }
  const variables = variablesSchema(op).safeParse(args.variables);
  if (!variables.success) {
    const issue = variables.error.issues[0];
    return refuse(`variables.${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}`);
  }
  return { ok: true, query: { ...variables.data, fields } };
}
