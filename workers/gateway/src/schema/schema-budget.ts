import { dereference, type Schema } from "@cfworker/json-schema";
import { type AppError, appError } from "#shared/errors/app-error";
import type { JsonObject } from "#shared/schemas/common";
import { checkedCopy, type Refusal } from "./checked-copy.js";
import { type InPlaceCosts, inPlaceCosts, overBudget } from "./in-place-cost.js";
import type { Subschema } from "./schema-keywords.js";

/**
 * The complexity budget of an input schema the gateway checks data against (docs/gateway.md,
 * "What the gateway checks"), applied when the schema is fetched. Past it the schema is refused:
 * checking data against it could cost more than the gateway spends on one request. (The 64 KiB
 * size limit is agent-schema.ts's MAX_SCHEMA_BYTES; the in-place limits are in-place-cost.ts's.)
 */
/** Levels of objects and arrays in the published schema. */
export const MAX_SCHEMA_NESTING = 64;
/** `$ref`s in the schema. */
export const MAX_REFS = 256;

/** What checking data needs: the checked copy, its `$ref` table, and the cost of one value. */
export type CheckPlan = InPlaceCosts & {
  schema: Subschema;
  lookup: Record<string, Schema | boolean>;
  refs: number;
  /** Whether keywords were left to the agent (checked-copy.ts). */
  weakened: boolean;
};

/** Whether `value` nests objects and arrays deeper than `limit`, walked without recursion. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, depth] = next;
    if (typeof item !== "object" || item === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The plan for checking data against `published`, or why the gateway refuses the schema. */
export function schemaBudget(published: JsonObject): CheckPlan | Refusal {
  if (nestsDeeperThan(published, MAX_SCHEMA_NESTING)) {
    return { refusal: overBudget("nesting", MAX_SCHEMA_NESTING) };
  }
  const copy = checkedCopy(published);
  if ("refusal" in copy) return copy;
  if (copy.refs > MAX_REFS) return { refusal: overBudget("number of $refs", MAX_REFS) };
  let lookup: Record<string, Schema | boolean>;
  try {
    lookup = dereference(copy.schema as Schema | boolean);
  } catch (error) {
    // A name the validator cannot address (a lone surrogate), two subschemas at one URI.
    return {
      refusal: `the validator cannot read it (${error instanceof Error ? error.message : "unknown"})`,
    };
  }
  const costs = inPlaceCosts({ schema: copy.schema, lookup });
  if ("refusal" in costs) return costs;
  return { schema: copy.schema, lookup, ...costs, refs: copy.refs, weakened: copy.weakened };
}

/** The AppError of a refused schema: the agent's fault, like a schema over the size limit. */
export function schemaRefusalError(refusal: Refusal): AppError {
  return appError(
    "agent_unavailable",
    `The process's agent publishes an input schema the gateway does not apply: ${refusal.refusal}`,
  );
}

const plans = new WeakMap<JsonObject, CheckPlan | Refusal>();

/**
 * schemaBudget, once per published schema object: agent-schema.ts asks when it accepts a schema
 * (and keeps that object while it is cached), check-data.ts when it checks data against it.
 */
export function checkPlanOf(published: JsonObject): CheckPlan | Refusal {
  let plan = plans.get(published);
  if (plan === undefined) {
    plan = schemaBudget(published);
    plans.set(published, plan);
  }
  return plan;
}
