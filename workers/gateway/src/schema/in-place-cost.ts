import type { Schema } from "@cfworker/json-schema";
import type { Refusal } from "./checked-copy.js";
import { childSchemas, isPlainObject, type Subschema } from "./schema-keywords.js";

/**
 * The in-place part of an input schema's complexity budget (schema-budget.ts; docs/gateway.md,
 * "What the gateway checks"): what checking one value of data may cost before the walk goes
 * inside it.
 */
/**
 * What applying the schema to one value may cost before it looks at any part of that value: the
 * subschemas applied to that same value (through allOf/anyOf/oneOf/not/if/$ref...), each counted
 * 1 plus its enum, required and properties entries plus 1 per 64 JSON characters of its enum and
 * const. A chain of n `anyOf`s of two `$ref`s to the next level costs 2^n.
 */
export const MAX_IN_PLACE_WEIGHT = 1_000;
/** Subschemas applied one inside the other to one value (the validator's stack per data level). */
export const MAX_IN_PLACE_DEPTH = 32;

/** The refusal of a schema over one of the gateway's limits. */
export const overBudget = (what: string, limit: number) =>
  `its ${what} is over the gateway's limit of ${limit} (docs/gateway.md, "What the gateway checks")`;

type Measure = { weight: number; depth: number };

/** Thrown inside the measuring walk only, turned into a Refusal by inPlaceCosts. */
class OverBudget extends Error {}

/** JSON characters of `enum` or `const` counted as one unit: the validator writes them into errors. */
const VALUE_CHARACTERS_PER_UNIT = 64;

function ownWeight(node: Record<string, unknown>): number {
  const length = (value: unknown) =>
    Array.isArray(value) ? value.length : isPlainObject(value) ? Object.keys(value).length : 0;
  // A failed enum or const puts the whole value in its error message (JSON.stringify).
  const written = (value: unknown) =>
    value === undefined ? 0 : Math.ceil(JSON.stringify(value).length / VALUE_CHARACTERS_PER_UNIT);
  return (
    1 +
    length(node.enum) +
    written(node.enum) +
    written(node.const) +
    length(node.required) +
    length(node.properties) +
    length(node.dependentRequired)
  );
}

/**
 * The in-place weight and depth of every subschema (see MAX_IN_PLACE_WEIGHT), memoized, so a
 * schema costs its size to measure however much it expands. A `$ref` cycle met on the same value
 * (no properties/items between) is refused: the validator would loop on that value for ever.
 */
function measurer(lookup: Record<string, Schema | boolean>) {
  const measured = new Map<Subschema, Measure>();
  const onStack = new Set<Subschema>();
  const inPlace = (node: Record<string, unknown>): unknown[] => {
    const children = childSchemas(node)
      .filter((child) => child.kind === "inPlace")
      .map((child) => child.schema);
    // dereference() resolved each `$ref` to this key, which validate() reads too.
    const target = Reflect.get(node, "__absolute_ref__");
    if (typeof target === "string") {
      const resolved = lookup[target];
      if (resolved === undefined)
        throw new OverBudget(`its $ref "${String(node.$ref)}" does not resolve`);
      children.push(resolved);
    }
    return children;
  };
  const measure = (node: unknown, depth: number): Measure => {
    if (!isPlainObject(node)) return { weight: 1, depth: 1 };
    const known = measured.get(node);
    if (known !== undefined) return known;
    if (onStack.has(node)) {
      throw new OverBudget("a $ref cycle applies a subschema to the same value again");
    }
    if (depth > MAX_IN_PLACE_DEPTH) {
      throw new OverBudget(overBudget("in-place nesting of subschemas", MAX_IN_PLACE_DEPTH));
    }
    onStack.add(node);
    const result: Measure = { weight: ownWeight(node), depth: 0 };
    const overWeight = () => {
      if (result.weight <= MAX_IN_PLACE_WEIGHT) return;
      throw new OverBudget(
        overBudget("in-place weight (enum, allOf/anyOf/oneOf/$ref fan-out)", MAX_IN_PLACE_WEIGHT),
      );
    };
    overWeight();
    for (const child of inPlace(node)) {
      const inner = measure(child, depth + 1);
      result.weight += inner.weight;
      result.depth = Math.max(result.depth, inner.depth);
      overWeight();
    }
    result.depth += 1;
    if (result.depth > MAX_IN_PLACE_DEPTH) {
      throw new OverBudget(overBudget("in-place nesting of subschemas", MAX_IN_PLACE_DEPTH));
    }
    onStack.delete(node);
    measured.set(node, result);
    return result;
  };
  return measure;
}

/** Every subschema of the copy (a tree: `$ref`s are strings there). */
function allNodes(root: Subschema): Subschema[] {
  const out: Subschema[] = [];
  const stack: unknown[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (typeof node !== "boolean" && !isPlainObject(node)) continue;
    out.push(node);
    if (isPlainObject(node)) for (const child of childSchemas(node)) stack.push(child.schema);
  }
  return out;
}

/** The in-place costs of checking data against a schema (part of schema-budget.ts's CheckPlan). */
export type InPlaceCosts = {
  /** The largest in-place weight of any subschema: the most one value of data can cost. */
  unitCost: number;
  /**
   * The largest in-place weight of a `propertyNames` subschema (0 without one): what each property
   * name costs where the validator lists an object's names, since it applies that subschema to
   * each name without reading the value.
   */
  nameCost: number;
  inPlaceDepth: number;
};

/** The in-place costs of the checked copy `schema`, or why it is over the budget. */
export function inPlaceCosts(args: {
  schema: Subschema;
  lookup: Record<string, Schema | boolean>;
}): InPlaceCosts | Refusal {
  const measure = measurer(args.lookup);
  let unitCost = 0;
  let nameCost = 0;
  let inPlaceDepth = 0;
  try {
    for (const node of allNodes(args.schema)) {
      const { weight, depth } = measure(node, 1);
      unitCost = Math.max(unitCost, weight);
      inPlaceDepth = Math.max(inPlaceDepth, depth);
      if (isPlainObject(node) && node.propertyNames !== undefined) {
        nameCost = Math.max(nameCost, measure(node.propertyNames, 1).weight);
      }
    }
  } catch (error) {
    if (error instanceof OverBudget) return { refusal: error.message };
    throw error;
  }
  return { unitCost, nameCost, inPlaceDepth };
}
