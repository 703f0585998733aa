import {
  childSchemas,
  DEFINITION_MAPS,
  DESCENDING_LIST,
  DESCENDING_MAP,
  DESCENDING_ONE,
  IN_PLACE_LIST,
  IN_PLACE_MAP,
  IN_PLACE_ONE,
  isPlainObject,
  NUMBER_KEYWORDS,
  type Subschema,
} from "./schema-keywords.js";

/**
 * Keywords the gateway leaves to the agent: `pattern`, `patternProperties` and `format` run an
 * owner's regular expression (or, for `format`, the validator's own, some of which backtrack) on
 * caller data, and JS RegExp backtracks; `$recursiveRef`/`$dynamicRef` would bypass the `$ref`
 * budget. (`$anchor` and the like go with every other keyword the validator does not need.)
 */
const WEAKENING = new Set([
  "pattern",
  "patternProperties",
  "format",
  "$recursiveRef",
  "$dynamicRef",
]);
const SCHEMA_ONE = new Set<string>([...IN_PLACE_ONE, ...DESCENDING_ONE]);
const SCHEMA_LIST = new Set<string>([...IN_PLACE_LIST, ...DESCENDING_LIST]);
const SCHEMA_MAP = new Set<string>([...IN_PLACE_MAP, ...DESCENDING_MAP, ...DEFINITION_MAPS]);
const NUMBERS = new Set<string>(NUMBER_KEYWORDS);

/**
 * The copy of a published input schema the gateway checks `data` against (docs/gateway.md, "What
 * the gateway checks"): only the keywords its validator applies, with well-formed values, without
 * the `pattern` family. `weakened` says something was dropped. The copy only ever accepts more
 * than the published schema, never less, so the gateway refuses no data the agent would take:
 * - `patternProperties` goes, and with it the same object's `additionalProperties` (which would
 *   otherwise apply to the names the patterns covered);
 * - once anything is dropped, the keywords a looser subschema could make stricter go too: `not`,
 *   `if`/`then`/`else`, `maxContains`, `unevaluatedProperties`/`unevaluatedItems` (they count what
 *   other subschemas evaluated), and `oneOf` is checked as `anyOf`.
 * `refs` counts the `$ref`s, each of which must be local (`#...`).
 */
export type CheckedCopy = { schema: Subschema; weakened: boolean; refs: number };

/** A refusal of the published schema, with the reason an owner can act on. */
export type Refusal = { refusal: string };

/** Thrown inside the copy's walk only, turned into a Refusal value by checkedCopy. */
class RefusedSchema extends Error {}

type WalkState = { weakened: boolean; refs: number };

function refuse(message: string): never {
  throw new RefusedSchema(message);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

function copyMap(
  value: unknown,
  at: string,
  copyValue: (entry: unknown, entryAt: string) => unknown,
): Record<string, unknown> {
  if (!isPlainObject(value)) refuse(`${at} is not an object`);
  // fromEntries defines own properties, so a name such as "__proto__" stays a name.
  return Object.fromEntries(
    Object.entries(value).map(([name, entry]) => [name, copyValue(entry, `${at}/${name}`)]),
  );
}

function copyKeyword(
  key: string,
  value: unknown,
  at: string,
  state: WalkState,
  hasPatternProperties: boolean,
): unknown {
  if (SCHEMA_ONE.has(key)) {
    if (key === "additionalProperties" && hasPatternProperties) return undefined;
    return copyNode(value, at, state);
  }
  if (SCHEMA_LIST.has(key) || (key === "items" && Array.isArray(value))) {
    if (!Array.isArray(value)) refuse(`${at} is not a list`);
    return value.map((entry, index) => copyNode(entry, `${at}/${index}`, state));
  }
  if (key === "items") return copyNode(value, at, state);
  if (SCHEMA_MAP.has(key))
    return copyMap(value, at, (entry, entryAt) => copyNode(entry, entryAt, state));
  if (NUMBERS.has(key)) {
    if (typeof value !== "number" || !Number.isFinite(value)) refuse(`${at} is not a number`);
    return value;
  }
  switch (key) {
    case "required":
      if (!isStringList(value)) refuse(`${at} is not a list of names`);
      return value;
    case "enum":
      if (!Array.isArray(value)) refuse(`${at} is not a list`);
      return value;
    case "const":
      return value;
    case "type":
      if (typeof value !== "string" && !isStringList(value)) refuse(`${at} is not a type name`);
      return value;
    case "uniqueItems":
      if (typeof value !== "boolean") refuse(`${at} is not a boolean`);
      return value;
    case "dependentRequired":
      return copyMap(value, at, (entry, entryAt) =>
        isStringList(entry) ? entry : refuse(`${entryAt} is not a list of names`),
      );
    case "dependencies":
      return copyMap(value, at, (entry, entryAt) =>
        isStringList(entry) ? entry : copyNode(entry, entryAt, state),
      );
    case "$anchor":
      // A name a `$ref: "#name"` points to: dropped, that reference would no longer resolve.
      if (typeof value !== "string") refuse(`${at} is not a name`);
      return value;
    case "$ref":
      if (typeof value !== "string" || !value.startsWith("#")) {
        refuse(`${at} is not a local reference ("#/..."): the gateway fetches no other schema`);
      }
      state.refs += 1;
      return value;
    default:
      // Annotations (title, default, ...) and unknown keywords: the validator ignores them.
      return undefined;
  }
}

function copyNode(value: unknown, at: string, state: WalkState, root = false): Subschema {
  if (typeof value === "boolean") return value;
  if (!isPlainObject(value)) refuse(`${at} is not a schema (an object or a boolean)`);
  const hasPatternProperties = Object.hasOwn(value, "patternProperties");
  const out: Record<string, unknown> = {};
  for (const [key, keywordValue] of Object.entries(value)) {
    if (WEAKENING.has(key)) {
      state.weakened = true;
      continue;
    }
    // A nested $id would re-base the `#...` references under it; the root's names the document.
    if (key === "$id" && !root) refuse(`${at}/$id: only the root of the schema may have an $id`);
    const copied = copyKeyword(key, keywordValue, `${at}/${key}`, state, hasPatternProperties);
    if (copied !== undefined) out[key] = copied;
  }
  return out;
}

/** After a drop: removes what a looser subschema could make stricter (see CheckedCopy). */
function loosen(node: Subschema): void {
  if (typeof node === "boolean") return;
  for (const key of ["not", "if", "then", "else", "maxContains"]) delete node[key];
  for (const key of ["unevaluatedProperties", "unevaluatedItems"]) delete node[key];
  if (node.oneOf !== undefined) {
    const allOf = Array.isArray(node.allOf) ? node.allOf : [];
    node.allOf = [...allOf, { anyOf: node.oneOf }];
    delete node.oneOf;
  }
  // Subschema positions only: `enum` and `const` values are data, shared with the published schema.
  for (const { schema } of childSchemas(node)) {
    if (typeof schema === "boolean" || isPlainObject(schema)) loosen(schema);
  }
}

/**
 * The checked copy of `published`, or why it cannot be checked. The caller bounds its nesting
 * first (schema-budget.ts): the walk recurses once per level.
 */
export function checkedCopy(published: Record<string, unknown>): CheckedCopy | Refusal {
  const state: WalkState = { weakened: false, refs: 0 };
  let schema: Subschema;
  try {
    schema = copyNode(published, "#", state, true);
  } catch (error) {
    if (error instanceof RefusedSchema) return { refusal: error.message };
    throw error;
  }
  if (state.weakened) loosen(schema);
  return { schema, weakened: state.weakened, refs: state.refs };
}
