/**
 * Input schemas and data an owner or a caller could send to stall the gateway's data check
 * (issue 20, point 3), with what the gateway must do with each: refuse the schema when it is
 * fetched, or check the data. Shared by test/unit/schema-budget.test.ts and
 * bench/gateway/schema-check.mjs, which times the check over the same corpus.
 */
import type { JsonObject } from "#shared/schemas/common";

export type HostileCase = {
  name: string;
  schema: JsonObject;
  data: JsonObject;
  /** refused: the budget refuses the schema; otherwise what the check answers. */
  expect: "refused" | "passes" | "invalid";
};

export const REDOS = "^(a+)+$";
const EVIL = `${"a".repeat(32)}!`;

/** $defs l0..l{n-1}: each level an anyOf of two $refs to the next, the last a string. */
export function anyOfChain(levels: number): JsonObject {
  const defs: Record<string, JsonObject> = {};
  for (let i = 0; i < levels; i++) {
    defs[`l${i}`] = { anyOf: [{ $ref: `#/$defs/l${i + 1}` }, { $ref: `#/$defs/l${i + 1}` }] };
  }
  defs[`l${levels}`] = { type: "string" };
  return { type: "object", properties: { v: { $ref: "#/$defs/l0" } }, $defs: defs };
}

/** {x: {x: ... leaf}}, `depth` levels. */
function nested(depth: number, leaf: unknown = {}): JsonObject {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = { x: value };
  return value as JsonObject;
}

/**
 * Objects whose `x` is the same schema again, each level reached through `links` allOf/$ref
 * steps: deep validator recursion per level of data, legit by the budget.
 */
function inPlaceChainPerLevel(links: number): JsonObject {
  const defs: Record<string, JsonObject> = {};
  for (let i = 0; i < links; i++) defs[`c${i}`] = { allOf: [{ $ref: `#/$defs/c${i + 1}` }] };
  defs[`c${links}`] = { type: "object", properties: { x: { $ref: "#/$defs/c0" } } };
  return { $ref: "#/$defs/c0", $defs: defs };
}

/** A schema nesting `properties` `depth` levels deep. */
function nestedSchema(depth: number): JsonObject {
  let schema: JsonObject = { type: "string" };
  for (let i = 0; i < depth; i++) schema = { type: "object", properties: { x: schema } };
  return schema;
}

/** zod's recursive schemas: a $ref cycle that passes through `properties`/`items` (legit). */
const TREE: JsonObject = {
  $ref: "#/$defs/node",
  $defs: {
    node: {
      type: "object",
      properties: {
        label: { type: "string" },
        children: { type: "array", items: { $ref: "#/$defs/node" } },
      },
      required: ["label"],
      additionalProperties: false,
    },
  },
};

function tree(depth: number, fanOut: number): JsonObject {
  if (depth === 0) return { label: "leaf" };
  return {
    label: `d${depth}`,
    children: Array.from({ length: fanOut }, () => tree(depth - 1, fanOut)),
  };
}

export const HOSTILE_CASES: HostileCase[] = [
  {
    name: "ReDoS pattern ^(a+)+$",
    schema: { type: "object", properties: { s: { type: "string", pattern: REDOS } } },
    data: { s: EVIL },
    expect: "passes",
  },
  {
    name: "ReDoS patternProperties with additionalProperties: false",
    schema: {
      type: "object",
      patternProperties: { [REDOS]: { type: "integer" } },
      additionalProperties: false,
    },
    data: { [EVIL]: 1 },
    expect: "passes",
  },
  {
    name: "ReDoS propertyNames pattern",
    schema: { type: "object", propertyNames: { pattern: REDOS } },
    data: { [EVIL]: 1 },
    expect: "passes",
  },
  {
    name: "format url (a backtracking regex of the validator's own)",
    schema: { type: "object", properties: { u: { type: "string", format: "url" } } },
    data: { u: `http://${"a".repeat(5_000)}!` },
    expect: "passes",
  },
  {
    name: "anyOf $ref chain, 14 levels",
    schema: anyOfChain(14),
    data: { v: 1 },
    expect: "refused",
  },
  {
    name: "anyOf $ref chain, 30 levels",
    schema: anyOfChain(30),
    data: { v: 1 },
    expect: "refused",
  },
  {
    name: "$ref cycle without descent",
    schema: {
      $ref: "#/$defs/a",
      $defs: { a: { $ref: "#/$defs/b" }, b: { allOf: [{ $ref: "#/$defs/a" }] } },
    },
    data: { a: 1 },
    expect: "refused",
  },
  {
    name: "$ref to the root, in place",
    schema: { type: "object", anyOf: [{ $ref: "#" }] },
    data: {},
    expect: "refused",
  },
  {
    name: "$ref cycle through properties (zod's recursive schemas), deep valid tree",
    schema: TREE,
    data: tree(9, 2),
    expect: "passes",
  },
  {
    name: "$ref cycle through properties, invalid leaf",
    schema: TREE,
    data: { label: "root", children: [{ label: 5 }] },
    expect: "invalid",
  },
  {
    name: "$ref cycle through properties doubling per level (allOf of two), 40 levels",
    schema: { type: "object", properties: { x: { allOf: [{ $ref: "#" }, { $ref: "#" }] } } },
    data: nested(40),
    expect: "passes",
  },
  {
    name: "huge enum (12,000 entries)",
    schema: {
      type: "object",
      properties: { e: { enum: Array.from({ length: 12_000 }, (_, i) => i) } },
    },
    data: { e: -1 },
    expect: "refused",
  },
  {
    name: "anyOf of 20 consts of 4 KB each, every one written into an error",
    schema: {
      type: "object",
      properties: {
        list: {
          type: "array",
          items: {
            anyOf: Array.from({ length: 20 }, (_, i) => ({
              const: { [`k${i}`]: "v".repeat(4_000) },
            })),
          },
        },
      },
    },
    data: { list: [1] },
    expect: "refused",
  },
  {
    name: "anyOf of 10 consts of 4 KB each over 2,000 items",
    schema: {
      type: "object",
      properties: {
        list: {
          type: "array",
          items: {
            anyOf: [
              { type: "integer" },
              ...Array.from({ length: 10 }, (_, i) => ({
                const: { [`k${i}`]: "v".repeat(4_000) },
              })),
            ],
          },
        },
      },
    },
    data: { list: Array.from({ length: 2_000 }, (_, i) => i) },
    expect: "passes",
  },
  {
    name: "enum of 900 over 20,000 items",
    schema: {
      type: "object",
      properties: {
        list: { type: "array", items: { enum: Array.from({ length: 900 }, (_, i) => i) } },
      },
    },
    data: { list: Array.from({ length: 20_000 }, () => 1) },
    expect: "passes",
  },
  {
    name: "schema nested 100 levels",
    schema: nestedSchema(100),
    data: {},
    expect: "refused",
  },
  {
    name: "data nested 5,000 levels against a recursive schema",
    schema: { type: "object", properties: { x: { $ref: "#" } }, additionalProperties: false },
    data: nested(5_000),
    expect: "passes",
  },
  {
    name: "in-place depth 30 per level (allOf/$ref chain), wrong data 64 levels deep",
    schema: inPlaceChainPerLevel(14),
    data: nested(63, 5),
    expect: "passes",
  },
  {
    name: "in-place depth 30 per level, wrong data 4 levels deep",
    schema: inPlaceChainPerLevel(14),
    data: nested(3, 5),
    expect: "invalid",
  },
  {
    name: "uniqueItems over 20,000 objects",
    schema: { type: "object", properties: { u: { type: "array", uniqueItems: true } } },
    data: { u: Array.from({ length: 20_000 }, (_, i) => ({ i })) },
    expect: "passes",
  },
  {
    name: "wide anyOf over a 500 KB string",
    schema: {
      type: "object",
      properties: {
        s: { anyOf: Array.from({ length: 300 }, (_, i) => ({ minLength: i, maxLength: 100 })) },
      },
    },
    data: { s: "x".repeat(500_000) },
    expect: "passes",
  },
  {
    name: "20,000 wrong items (every error collected before)",
    schema: { type: "object", properties: { list: { type: "array", items: { type: "string" } } } },
    data: { list: Array.from({ length: 20_000 }, (_, i) => i) },
    expect: "invalid",
  },
  {
    name: "huge numbers against multipleOf",
    schema: { type: "object", properties: { n: { type: "number", multipleOf: 1e-300 } } },
    data: { n: 1e308 },
    expect: "passes",
  },
  {
    name: "lone surrogate in a property name",
    schema: { type: "object", properties: { a: { type: "string" } }, additionalProperties: {} },
    data: { "\ud800": null },
    expect: "passes",
  },
  {
    name: "lone surrogate in a value",
    schema: { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
    data: { a: "\udfff" },
    expect: "passes",
  },
  {
    name: "__proto__ as a property name",
    schema: { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
    data: JSON.parse('{"__proto__": {"polluted": true}}') as JsonObject,
    expect: "invalid",
  },
  {
    name: "remote $ref",
    schema: { $ref: "https://attacker.example/schema.json" },
    data: {},
    expect: "refused",
  },
  {
    name: "$ref that does not resolve",
    schema: { $ref: "#/$defs/missing" },
    data: {},
    expect: "refused",
  },
];
