import type { JsonObject } from "#shared/schemas/common";

/**
 * The data budget of one check (docs/gateway.md, "What the gateway checks"): each read of a part
 * of `data` costs the schema's unit cost (schema-budget.ts: what applying the schema to one value
 * may cost), more for long strings; each property name listed costs 1, plus the schema's name
 * cost when it has `propertyNames`; past CHECK_WORK_BUDGET units the check stops. A unit is about
 * one call of the validator.
 */
export const CHECK_WORK_BUDGET = 3_000;
/** Levels of `data` the gateway follows the schema into. */
export const MAX_CHECKED_DEPTH = 64;
/**
 * The validator recurses once per subschema applied in place and once per level of data; about
 * 600 of its frames fit in a default V8 stack, so a check stays within a third of that: data
 * deeper than MAX_VALIDATOR_FRAMES / (the schema's in-place depth + 1) levels is not checked.
 */
export const MAX_VALIDATOR_FRAMES = 200;
/** Property names longer than this are not checked by the gateway (they make every error path). */
export const MAX_CHECKED_NAME_LENGTH = 256;
/** A string costs one more unit per this many characters (length, equality). */
const CHARACTERS_PER_UNIT = 256;

/**
 * Data the gateway does not check, left to the agent (which checks its input anyway): over the
 * budget, deeper than MAX_CHECKED_DEPTH (or less, see MAX_VALIDATOR_FRAMES), or with a property name longer than
 * MAX_CHECKED_NAME_LENGTH. (A name with a lone surrogate, which the validator cannot write in an
 * error path, is the other case: check-data.ts.)
 */
export class Unchecked extends Error {}

/**
 * `data` seen through proxies that charge every read to one budget and throw Unchecked past it.
 * Every way the validator reaches into data (a property or an index, the list of names, whether a
 * name is there) goes through a trap, so whatever the schema, a check makes a bounded number of
 * steps.
 */
export function meteredData(
  data: JsonObject,
  plan: { unitCost: number; nameCost: number; inPlaceDepth: number },
): JsonObject {
  const { unitCost, nameCost } = plan;
  const maxDepth = Math.min(
    MAX_CHECKED_DEPTH,
    Math.floor(MAX_VALIDATOR_FRAMES / (plan.inPlaceDepth + 1)),
  );
  let spent = 0;
  const charge = (units: number) => {
    spent += units;
    if (spent > CHECK_WORK_BUDGET) throw new Unchecked("check budget spent");
  };
  const stringUnits = (text: string) => 1 + Math.floor(text.length / CHARACTERS_PER_UNIT);
  const views = new WeakMap<object, object>();
  const view = <T extends object>(target: T, depth: number): T => {
    if (depth > maxDepth) throw new Unchecked("data nested too deep");
    const known = views.get(target);
    if (known !== undefined) return known as T;
    const proxy = new Proxy(target, {
      get(object, key) {
        const value: unknown = Reflect.get(object, key);
        charge(typeof value === "string" ? unitCost * stringUnits(value) : unitCost);
        return typeof value === "object" && value !== null ? view(value, depth + 1) : value;
      },
      getOwnPropertyDescriptor(object, key) {
        charge(1);
        return Reflect.getOwnPropertyDescriptor(object, key);
      },
      ownKeys(object) {
        const keys = Reflect.ownKeys(object);
        for (const key of keys) {
          if (typeof key !== "string") continue;
          if (key.length > MAX_CHECKED_NAME_LENGTH) throw new Unchecked("a property name too long");
          charge(1 + nameCost * stringUnits(key));
        }
        return keys;
      },
    });
    views.set(target, proxy);
    return proxy;
  };
  return view(data, 1);
}
