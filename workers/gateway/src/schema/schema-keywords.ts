/**
 * The JSON Schema keywords the gateway's validator (@cfworker/json-schema) applies, by the shape
 * of their value, and which of them apply a subschema to the same value ("in place") or to a part
 * of it ("descending"). docs/gateway.md, "What the gateway checks".
 */

/** Keywords whose value is one subschema applied to the same value. */
export const IN_PLACE_ONE = ["not", "if", "then", "else"] as const;
/** Keywords whose value is a list of subschemas applied to the same value. */
export const IN_PLACE_LIST = ["allOf", "anyOf", "oneOf"] as const;
/** Keywords whose value maps names to subschemas applied to the same value. */
export const IN_PLACE_MAP = ["dependentSchemas"] as const;
/** Keywords whose value is one subschema applied to parts of the value (items, properties). */
export const DESCENDING_ONE = [
  "additionalItems",
  "contains",
  "additionalProperties",
  "unevaluatedProperties",
  "unevaluatedItems",
  "propertyNames",
] as const;
/** `items` is one subschema (2020-12) or a list of them (the older tuple form). */
export const DESCENDING_ONE_OR_LIST = ["items"] as const;
export const DESCENDING_LIST = ["prefixItems"] as const;
export const DESCENDING_MAP = ["properties"] as const;
/** Subschemas applied only through a `$ref`. */
export const DEFINITION_MAPS = ["$defs", "definitions"] as const;

/** Keywords whose value is a finite number. */
export const NUMBER_KEYWORDS = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
  "minContains",
  "maxContains",
] as const;

/** A subschema: a boolean or a plain object. */
export type Subschema = boolean | Record<string, unknown>;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every subschema of `node` with how it applies: in place, descending, or by `$ref` only. */
export function childSchemas(
  node: Record<string, unknown>,
): { kind: "inPlace" | "descending" | "definition"; schema: unknown }[] {
  const out: { kind: "inPlace" | "descending" | "definition"; schema: unknown }[] = [];
  const add = (kind: "inPlace" | "descending" | "definition", value: unknown, shape: string) => {
    if (value === undefined) return;
    if (shape === "one") out.push({ kind, schema: value });
    else if (shape === "list" && Array.isArray(value)) {
      for (const schema of value) out.push({ kind, schema });
    } else if (shape === "map" && isPlainObject(value)) {
      for (const schema of Object.values(value)) out.push({ kind, schema });
    }
  };
  for (const key of IN_PLACE_ONE) add("inPlace", node[key], "one");
  for (const key of IN_PLACE_LIST) add("inPlace", node[key], "list");
  for (const key of IN_PLACE_MAP) add("inPlace", node[key], "map");
  for (const key of DESCENDING_ONE) add("descending", node[key], "one");
  for (const key of DESCENDING_ONE_OR_LIST) {
    add("descending", node[key], Array.isArray(node[key]) ? "list" : "one");
  }
  for (const key of DESCENDING_LIST) add("descending", node[key], "list");
  for (const key of DESCENDING_MAP) add("descending", node[key], "map");
  for (const key of DEFINITION_MAPS) add("definition", node[key], "map");
  // `dependencies` (the older form): a property list, or a subschema applied in place.
  const dependencies = node.dependencies;
  if (isPlainObject(dependencies)) {
    for (const value of Object.values(dependencies)) {
      if (!Array.isArray(value)) out.push({ kind: "inPlace", schema: value });
    }
  }
  return out;
}
