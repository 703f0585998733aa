import type { z } from "zod";
import { usageError } from "../errors/cli-error.js";

/**
 * Parses one option value with a shared schema; a failure becomes a usage error naming the
 * option and the schema's reason. Values are echoed only when short and not secret.
 */
export function parseOption<S extends z.ZodType>(
  option: string,
  schema: S,
  value: unknown,
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const reason = parsed.error.issues[0]?.message ?? "invalid value";
  const shown = typeof value === "string" && value.length <= 80 ? ` "${value}"` : "";
  // Positional arguments are named in capitals (PROCESS_ID), options with their dashes.
  const label = /^[A-Z]/.test(option) ? option : `--${option}`;
  throw usageError(`${label}${shown}: ${reason}`);
}

/** An option that may be left out: absent stays undefined, a given value is parsed. */
export function parseOptionalOption<S extends z.ZodType>(
  option: string,
  schema: S,
  value: string | undefined,
): z.output<S> | undefined {
  return value === undefined ? undefined : parseOption(option, schema, value);
}

/** A required option that citty let through empty (`--id ""` or `--id` with no value). */
export function requireValue(option: string, value: string | undefined): string {
  if (value === undefined || value.trim() === "") throw usageError(`--${option} is required`);
  return value.trim();
}

/** `--requires-prepayment <boolean>`: exactly "true" or "false", so a typo never flips pricing. */
export function parseBooleanOption(option: string, value: string): boolean {
  if (value === "true") return true;
  if (value === "false") return false;
  throw usageError(`--${option} "${value.slice(0, 40)}": must be true or false`);
}

/** Comma-separated lists (`--tags a,b`); blanks around items are trimmed, empty items dropped. */
export function splitList(value: string): string[] {
  return value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

export function parseListOption<S extends z.ZodType>(
  option: string,
  item: S,
  value: string,
): z.output<S>[] {
  return splitList(value).map((entry) => parseOption(option, item, entry));
}

/** `--priority <0-3>`: a decimal integer string, checked by the shared schema. */
export function parseIntegerOption<S extends z.ZodType>(option: string, schema: S, value: string) {
  if (!/^-?\d+$/.test(value.trim()))
    throw usageError(`--${option} "${value.slice(0, 40)}": must be an integer`);
  return parseOption(option, schema, Number(value.trim()));
}
