/** Pure text formatting of CLI output; no I/O, so every rule is unit-tested. */

/**
 * Characters a terminal may act on rather than print: C0 controls (ESC, CR, BEL, backspace...),
 * DEL, C1 controls (U+0080-U+009F; U+009B is a one-byte CSI) and the line separators and bidi
 * overrides that can make text read other than it is.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const CONTROLS_BUT_LINES =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the same set without \t and \n
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** What JSON.stringify leaves raw of CONTROLS (it escapes C0 itself; its \n is layout). */
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const SHORT_ESCAPES: Record<string, string> = { "\n": "\\n", "\t": "\\t", "\r": "\\r" };

function visibleEscape(char: string): string {
  const code = char.charCodeAt(0);
  return (
    SHORT_ESCAPES[char] ??
    (code < 0x100
      ? `\\x${code.toString(16).padStart(2, "0")}`
      : `\\u${code.toString(16).padStart(4, "0")}`)
  );
}

/**
 * Text from the ledger or an agent (names, descriptions, logs, results), made safe to print: every
 * control character becomes its visible escape (`\x1b`, `\r`, `\u202e`), so an escape sequence,
 * an OSC-8 link or a carriage return cannot act on the terminal and the reader sees that something
 * was there. `node:util`'s stripVTControlCharacters would remove sequences silently and leave lone
 * CR and C1 characters. Tabs and newlines are kept unless `singleLine` (table cells).
 */
export function escapeControls(text: string, options: { singleLine?: boolean } = {}): string {
  return text.replace(options.singleLine ? CONTROLS : CONTROLS_BUT_LINES, visibleEscape);
}

/** Shared with the gateway, whose MCP tool descriptions state prices the same way. */
export { formatApt } from "#shared/schemas/apt-format";

/** Ledger seconds as an ISO instant; seconds beyond the Date range are shown as they are. */
export function formatLedgerTime(seconds: number | bigint): string {
  const ms = Number(seconds) * 1000;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? `${seconds}` : date.toISOString().replace(".000Z", "Z");
}

/** Aligned `key  value` lines; multi-line values are indented under their first line. */
export function formatKeyValues(rows: readonly (readonly [string, string])[]): string {
  const width = Math.max(0, ...rows.map(([key]) => key.length));
  return rows
    .map(([key, value]) => {
      const [first = "", ...rest] = value.split("\n");
      const lines = [`${key.padEnd(width)}  ${first}`.trimEnd()];
      for (const line of rest) lines.push(`${" ".repeat(width + 2)}${line}`.trimEnd());
      return lines.join("\n");
    })
    .join("\n");
}

/** A table with a header row and columns padded to their widest cell; a cell is one line. */
export function formatTable(
  headers: readonly string[],
  cellRows: readonly (readonly string[])[],
): string {
  const rows = cellRows.map((row) => row.map((cell) => escapeControls(cell, { singleLine: true })));
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    widths
      .map((width, column) => (cells[column] ?? "").padEnd(width))
      .join("  ")
      .trimEnd();
  return [line(headers), ...rows.map(line)].join("\n");
}

/** Lists as one comma-separated line, "-" when empty, so a table cell is never blank. */
export function formatList(items: readonly string[]): string {
  return items.length === 0 ? "-" : items.join(", ");
}

/** Addresses shortened for table cells (0x1234…abcd); full addresses appear in detail views. */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/**
 * JSON for `--json`: bigints become decimal strings, as amounts travel on the wire. JSON.stringify
 * escapes C0 controls but leaves DEL, C1 and the bidi and line-separator characters raw; they can
 * only stand inside strings, where `\uXXXX` is the same JSON, so they are escaped too.
 */
export function toJson(value: unknown): string {
  return JSON.stringify(
    value,
    (_key, v: unknown) => (typeof v === "bigint" ? v.toString(10) : v),
    2,
  ).replace(RAW_IN_JSON, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
