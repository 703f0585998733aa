import { describe, expect, it } from "vitest";
import { EVENT_FIELDS, moduleEventsQueryHead } from "#shared/ledger/module-events";
import { recognizeEventsQuery } from "../../src/routes/indexer-query.js";

const TYPE = "0xcafe::payment::PaymentMade";
const query = (op: "_in" | "_eq", fields = "type data transaction_version event_index") =>
  `${moduleEventsQueryHead(op)} ${fields} } }`;
const variables = { types: [TYPE], after: "7", limit: 10 };

function refused(args: { query: string; variables?: unknown }): string {
  const result = recognizeEventsQuery({
    query: args.query,
    variables: "variables" in args ? args.variables : variables,
  });
  if (result.ok) throw new Error(`recognized: ${args.query}`);
  return result.message;
}

describe("the devnode's indexer recognizes the events query only", () => {
  it("recognizes the query the shared client sends, with `_in` or `_eq`, any field subset", () => {
    expect(recognizeEventsQuery({ query: query("_in"), variables })).toEqual({
      ok: true,
      query: {
        types: [TYPE],
        after: 7n,
        limit: 10,
        fields: ["type", "data", "transaction_version", "event_index"],
      },
    });
    const one = recognizeEventsQuery({
      query: query("_eq", EVENT_FIELDS.join(",\n")),
      variables: { types: TYPE, after: 0, limit: 100 },
    });
    expect(one).toMatchObject({ ok: true, query: { types: [TYPE], after: 0n } });
  });

  it("refuses other tables, other filters and values written into the query", () => {
    expect(refused({ query: "{ user_transactions { version } }" })).toMatch(/events query only/);
    expect(refused({ query: query("_in").replace("_gt", "_gte") })).toMatch(/events query only/);
    expect(refused({ query: query("_in").replace("$limit", "5") })).toMatch(/literals/);
    expect(refused({ query: query("_in").replace("$types", '["x"]') })).toMatch(/literals/);
    expect(refused({ query: `${query("_in")} # comment` })).toMatch(/literals/);
  });

  it("refuses unknown, nested, repeated or missing fields and anything after the query", () => {
    expect(refused({ query: query("_in", "type secret") })).toMatch(/select some of/);
    expect(refused({ query: query("_in", "type type") })).toMatch(/select some of/);
    expect(refused({ query: query("_in", "data { x }") })).toMatch(/select some of/);
    expect(refused({ query: query("_in", "") })).toMatch(/select some of/);
    expect(refused({ query: `${query("_in")} query Two { x }` })).toMatch(/select some of/);
  });

  it("refuses bad variables: unknown names, a limit over the page, a type that is no type", () => {
    expect(refused({ query: query("_in"), variables: { ...variables, limit: 101 } })).toMatch(
      /limit/,
    );
    expect(refused({ query: query("_in"), variables: { ...variables, limit: 0 } })).toMatch(
      /limit/,
    );
    expect(refused({ query: query("_in"), variables: { ...variables, extra: 1 } })).toMatch(
      /variables/,
    );
    expect(refused({ query: query("_in"), variables: { ...variables, after: "-1" } })).toMatch(
      /after/,
    );
    expect(refused({ query: query("_in"), variables: { ...variables, types: [] } })).toMatch(
      /types/,
    );
    expect(
      refused({ query: query("_in"), variables: { ...variables, types: ["x'; DROP"] } }),
    ).toMatch(/types/);
    expect(refused({ query: query("_eq"), variables })).toMatch(/types/);
    expect(refused({ query: query("_in"), variables: null })).toMatch(/variables/);
  });

  it("refuses a query longer than any it answers, unread", () => {
    expect(refused({ query: `${query("_in")}${" ".repeat(4096)}` })).toMatch(/too long/);
  });
});
