// Command-line options of the benchmarks, one style for all: node:util's parseArgs.
import { parseArgs } from "node:util";

const MAX = 1_000_000;

/**
 * The benchmark's flags, parsed by node:util's parseArgs (an unknown flag is an error). `integers`
 * maps a flag to `{ fallback, min }`: its value is a whole number from `min` (default 1) up to
 * 1,000,000, or `fallback` (which may be undefined) when the flag is absent. `strings` maps a flag
 * to its default.
 */
export function benchOptions({ integers = {}, strings = {} }) {
  const options = {};
  for (const name of Object.keys(integers)) options[name] = { type: "string" };
  for (const [name, fallback] of Object.entries(strings)) {
    options[name] = { type: "string", default: fallback };
  }
  const { values } = parseArgs({ options });
  const parsed = { ...values };
  for (const [name, { fallback, min = 1 }] of Object.entries(integers)) {
    if (values[name] === undefined) {
      parsed[name] = fallback;
      continue;
    }
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < min || value > MAX) {
      throw new Error(`--${name} must be an integer from ${min} to ${MAX.toLocaleString("en")}`);
    }
    parsed[name] = value;
  }
  return parsed;
}
