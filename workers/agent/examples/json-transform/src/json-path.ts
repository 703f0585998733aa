/**
 * The small path language of the json-transform agent. A path is dot-separated keys, each followed
 * by any number of `[n]` (array index; negative counts from the end) or `[*]` (every element):
 * `user.name`, `items[0]`, `items[-1].id`, `orders[*].lines[*].sku`, `[0].name`.
 */

export type PathSegment =
  | { kind: "key"; name: string }
  | { kind: "index"; index: number }
  | { kind: "each" };

export type ParsedPath = { ok: true; segments: PathSegment[] } | { ok: false; message: string };

const KEY = /^[A-Za-z0-9_$-]+$/;
const PART = /^([A-Za-z0-9_$-]*)((?:\[(?:-?\d+|\*)\])*)$/;
const INDEX = /\[(-?\d+|\*)\]/g;
/** Keys that would reach Object.prototype if written; they are never plain data. */
const RESERVED_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export const MISSING: unique symbol = Symbol("missing");

export function parseSourcePath(path: string): ParsedPath {
  if (path === "") return { ok: false, message: "path is empty" };
  const segments: PathSegment[] = [];
  for (const [position, part] of path.split(".").entries()) {
    const match = PART.exec(part);
    const key = match?.[1] ?? "";
    const indices = match?.[2] ?? "";
    if (match === null || (key === "" && (indices === "" || position > 0))) {
      return { ok: false, message: `"${part}" is not a key optionally followed by [n] or [*]` };
    }
    if (key !== "") segments.push({ kind: "key", name: key });
    for (const [, index] of indices.matchAll(INDEX)) {
      segments.push(index === "*" ? { kind: "each" } : { kind: "index", index: Number(index) });
    }
  }
  return { ok: true, segments };
}

/** Output paths are keys only: they say where in a new object a value goes. */
export function parseOutputPath(
  path: string,
): { ok: true; keys: string[] } | { ok: false; message: string } {
  const keys = path.split(".");
  const bad = keys.find((key) => !KEY.test(key) || RESERVED_KEYS.has(key));
  if (bad !== undefined) {
    return {
      ok: false,
      message: `"${bad}" is not a key (letters, digits, _ $ -; no reserved names)`,
    };
  }
  return { ok: true, keys };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value at `segments`, or MISSING. Under `[*]`, an element without the rest gives null. */
export function readPath(value: unknown, segments: readonly PathSegment[]): unknown {
  const [segment, ...rest] = segments;
  if (segment === undefined) return value;
  switch (segment.kind) {
    case "key":
      return isObject(value) && Object.hasOwn(value, segment.name)
        ? readPath(value[segment.name], rest)
        : MISSING;
    case "index": {
      if (!Array.isArray(value)) return MISSING;
      const at = segment.index < 0 ? value.length + segment.index : segment.index;
      return at >= 0 && at < value.length ? readPath(value[at], rest) : MISSING;
    }
    case "each":
      if (!Array.isArray(value)) return MISSING;
      return value.map((item) => {
        const found = readPath(item, rest);
        return found === MISSING ? null : found;
      });
  }
}

/** Writes `value` at `keys` in `target`, creating objects on the way; throws on a clash. */
export function writePath(
  target: Record<string, unknown>,
  keys: readonly string[],
  value: unknown,
): void {
  const [key, ...rest] = keys;
  if (key === undefined) return;
  if (rest.length === 0) {
    if (Object.hasOwn(target, key)) throw new Error(`output path clash at "${key}"`);
    target[key] = value;
    return;
  }
  if (!Object.hasOwn(target, key)) target[key] = {};
  const next = target[key];
  if (!isObject(next)) throw new Error(`output path clash at "${key}"`);
  writePath(next, rest, value);
}
