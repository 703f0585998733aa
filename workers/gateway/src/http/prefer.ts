/**
 * The preferences of a `Prefer` header (RFC 7240, section 2): a comma-separated list of
 * `token [= word] *(; parameter)`, names case-insensitive; several Prefer headers arrive joined by
 * commas. Commas and semicolons inside quoted strings separate nothing.
 */
export function preferencesOf(headers: Headers): Set<string> {
  const names = new Set<string>();
  for (const element of splitOutsideQuotes(headers.get("prefer") ?? "", ",")) {
    const [preference = ""] = splitOutsideQuotes(element, ";");
    const name = (preference.split("=")[0] ?? "").trim().toLowerCase();
    if (name !== "") names.add(name);
  }
  return names;
}

/** `Prefer: respond-async` in any position (docs/gateway.md, "Runs"). */
export function prefersRespondAsync(headers: Headers): boolean {
  return preferencesOf(headers).has("respond-async");
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === "\\") {
      current += text.slice(i, i + 2);
      i++;
      continue;
    }
    if (char === '"') quoted = !quoted;
    if (char === separator && !quoted) {
      parts.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}
