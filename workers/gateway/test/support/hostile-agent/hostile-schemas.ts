import type { JsonObject } from "#shared/schemas/common";

/**
 * Input schemas no gateway should run on caller data as written (issue 20, point 3): served by
 * the hostile agent's `schema-*` modes for the validation tests. The gateway must refuse them
 * when it fetches them, or check data against them within a bound.
 */

/** Catastrophic backtracking on `aaaa…!` in a backtracking regex engine. */
const redos: JsonObject = {
  type: "object",
  properties: { text: { type: "string", pattern: "^(a+)+$" } },
};

/** `anyOf` nested 14 levels through `$ref`s: every branch fails, each level doubles the work. */
function anyOfChain(levels: number): JsonObject {
  const defs: Record<string, JsonObject> = {};
  for (let i = 0; i < levels; i++) {
    const next: JsonObject = i + 1 < levels ? { $ref: `#/$defs/l${i + 1}` } : { type: "string" };
    defs[`l${i}`] = { anyOf: [next, next] };
  }
  return { type: "object", properties: { value: { $ref: "#/$defs/l0" } }, $defs: defs };
}

/** A `$ref` that refers to itself through two definitions: naive resolution never ends. */
const refRecursion: JsonObject = {
  type: "object",
  properties: { value: { $ref: "#/$defs/a" } },
  $defs: {
    a: { anyOf: [{ $ref: "#/$defs/b" }, { type: "array", items: { $ref: "#/$defs/a" } }] },
    b: { allOf: [{ $ref: "#/$defs/a" }] },
  },
};

export const HOSTILE_SCHEMAS: Record<string, JsonObject> = {
  "schema-redos": redos,
  "schema-anyof-chain": anyOfChain(14),
  "schema-ref-recursion": refRecursion,
};
