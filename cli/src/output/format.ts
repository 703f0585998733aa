/** Pure text formatting of CLI output; no I/O, so every rule is unit-tested. */

const OCTAS_PER_APT = 100_000_000n;

/** "1.5 APT (150000000 octas)": exact, from integer octas, never through a float. */
export function formatApt(octas: bigint): string {
  const sign = octas < 0n ? "-" : "";
  const abs = octas < 0n ? -octas : octas;
  const whole = abs / OCTAS_PER_APT;
  const fraction = (abs % OCTAS_PER_APT).toString().padStart(8, "0").replace(/0+$/, "");
  const apt = fraction === "" ? whole.toString() : `${whole}.${fraction}`;
  return `${sign}${apt} APT (${sign}${abs} octas)`;
}

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

/** A table with a header row and columns padded to their widest cell. */
export function formatTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
): string {
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

/** JSON for `--json`: bigints become decimal strings, as amounts travel on the wire. */
export function toJson(value: unknown): string {
  return JSON.stringify(
    value,
    (_key, v: unknown) => (typeof v === "bigint" ? v.toString(10) : v),
    2,
  );
}
