/**
 * The UTF-8 length of `JSON.stringify(value)` for JSON data, counted without building the text
 * and given up as soon as it passes `budget`: the json-transform agent checks each selection
 * against the result limit before adding it, so a small input selected many times cannot make a
 * result of many times its size (issue 13, door 7). Iterative, so deep nesting cannot overflow.
 */
export function jsonBytesWithin(value: unknown, budget: number): number | null {
  let total = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    total += openingBytes(next, pending);
    if (total > budget) return null;
  }
  return total;
}

/** Bytes of a scalar, or of a container's brackets, commas and keys (its values are queued). */
function openingBytes(value: unknown, pending: unknown[]): number {
  if (typeof value === "string") return stringBytes(value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value).length : 4;
  if (typeof value === "boolean") return value ? 4 : 5;
  if (value === null || value === undefined) return 4;
  if (Array.isArray(value)) {
    for (const item of value) pending.push(item);
    return 2 + Math.max(value.length - 1, 0);
  }
  const entries = Object.entries(value);
  let bytes = 2 + Math.max(entries.length - 1, 0);
  for (const [key, item] of entries) {
    bytes += stringBytes(key) + 1;
    pending.push(item);
  }
  return bytes;
}

const SHORT_ESCAPES = new Set([0x08, 0x09, 0x0a, 0x0c, 0x0d, 0x22, 0x5c]);

/** A string as JSON.stringify writes it, quotes and escapes included, in UTF-8 bytes. */
export function stringBytes(text: string): number {
  let bytes = 2;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (SHORT_ESCAPES.has(unit)) bytes += 2;
    else if (unit < 0x20) bytes += 6;
    else if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) bytes += 6;
    else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
