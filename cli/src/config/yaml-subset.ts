/**
 * Reads the small YAML subset the Aptos CLI writes to `.aptos/config.yaml`: nested block mappings
 * of plain, single- or double-quoted scalars, `#` comments and a leading `---`. Sequences, flow
 * collections, anchors and multi-line scalars are refused rather than misread.
 */
export type YamlMapping = { [key: string]: YamlValue };
export type YamlValue = string | null | YamlMapping;

export class YamlSubsetError extends Error {
  constructor(line: number, reason: string) {
    super(`line ${line}: ${reason}`);
    this.name = "YamlSubsetError";
  }
}

interface Frame {
  indent: number;
  mapping: YamlMapping;
}

export function parseYamlSubset(text: string): YamlMapping {
  const root: YamlMapping = {};
  const stack: Frame[] = [{ indent: -1, mapping: root }];
  // A key with no inline value opens a mapping whose indent is fixed by its first child line.
  let pendingKey: { parent: YamlMapping; key: string; indent: number } | undefined;

  text.split(/\r?\n/).forEach((raw, index) => {
    const lineNo = index + 1;
    const line = stripComment(raw, lineNo);
    if (line.trim() === "" || (stack.length === 1 && line.trim() === "---")) return;
    if (line.includes("\t"))
      throw new YamlSubsetError(lineNo, "tabs are not allowed in indentation");
    const indent = line.length - line.trimStart().length;
    const content = line.trim();

    if (pendingKey) {
      const child: YamlMapping = {};
      if (indent > pendingKey.indent) {
        pendingKey.parent[pendingKey.key] = child;
        stack.push({ indent, mapping: child });
      } else {
        pendingKey.parent[pendingKey.key] = null;
      }
      pendingKey = undefined;
    }
    while (stack.length > 1 && indent < (stack.at(-1)?.indent ?? 0)) stack.pop();
    const frame = stack.at(-1);
    // The first line fixes the top level's indentation.
    if (frame && frame.indent === -1) frame.indent = indent;
    if (!frame || frame.indent !== indent) {
      throw new YamlSubsetError(lineNo, "inconsistent indentation");
    }

    const match = /^("[^"]*"|'[^']*'|[^:'"]+?)\s*:(?:\s+(.*))?$/.exec(content);
    if (!match) throw new YamlSubsetError(lineNo, "expected `key: value`");
    const key = unquote(match[1] ?? "", lineNo);
    const value = match[2]?.trim();
    if (key in frame.mapping) throw new YamlSubsetError(lineNo, `duplicate key "${key}"`);
    if (value === undefined || value === "") {
      pendingKey = { parent: frame.mapping, key, indent };
    } else {
      frame.mapping[key] = scalar(value, lineNo);
    }
  });
  if (pendingKey) pendingKey.parent[pendingKey.key] = null;
  return root;
}

function stripComment(line: string, lineNo: number): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === "#" && (i === 0 || /\s/.test(line[i - 1] ?? ""))) {
      return line.slice(0, i);
    }
  }
  if (quote) throw new YamlSubsetError(lineNo, "unterminated quoted string");
  return line;
}

function scalar(value: string, lineNo: number): string | null {
  if (/^[[{&*!|>]/.test(value) || value.startsWith("- ")) {
    throw new YamlSubsetError(lineNo, "only plain or quoted scalar values are supported");
  }
  if (value === "~" || value === "null") return null;
  return unquote(value, lineNo);
}

function unquote(value: string, lineNo: number): string {
  const first = value[0];
  if (first !== '"' && first !== "'") return value;
  if (value.length < 2 || value.at(-1) !== first) {
    throw new YamlSubsetError(lineNo, "unterminated quoted string");
  }
  const inner = value.slice(1, -1);
  if (first === "'") return inner.replaceAll("''", "'");
  if (inner.includes("\\")) throw new YamlSubsetError(lineNo, "escape sequences are not supported");
  return inner;
}
