/**
 * A small reader of Move source, enough to compare a module's declarations with the contract
 * table: constants, function signatures, struct fields and abort sites. Comments are blanked out
 * first (string literals such as b"https://" are kept), so layout and comments do not matter.
 */

export interface MoveParam {
  name: string;
  type: string;
}

export interface MoveFunction {
  name: string;
  attributes: string[];
  /** "public", "friend", "package" or "private". */
  visibility: string;
  entry: boolean;
  params: MoveParam[];
  returns: string[];
}

export interface MoveStruct {
  name: string;
  attributes: string[];
  abilities: string[];
  fields: MoveParam[];
}

export interface MoveConst {
  name: string;
  type: string;
  /** The literal as written; numbers without underscores, byte strings (b"…", x"…") untouched. */
  value: string;
  /** The `///` lines right above the declaration, joined with spaces. */
  doc: string;
}

export interface MoveModule {
  address: string;
  name: string;
  consts: MoveConst[];
  functions: MoveFunction[];
  structs: MoveStruct[];
  /** The module text with comments blanked out (same offsets as the source). */
  code: string;
}

/** Replaces every comment by spaces (newlines kept), leaving string literals untouched. */
export function blankComments(source: string): string {
  let out = "";
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '"') {
      let j = i + 1;
      while (j < source.length && source[j] !== '"') j += source[j] === "\\" ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j + 1;
    } else if (c === "/" && next === "/") {
      const end = source.indexOf("\n", i);
      const j = end === -1 ? source.length : end;
      out += " ".repeat(j - i);
      i = j;
    } else if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const j = end === -1 ? source.length : end + 2;
      out += source.slice(i, j).replace(/[^\n]/g, " ");
      i = j;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/** Removes all whitespace from a type, so `vector < String >` reads as `vector<String>`. */
export function normalizeType(type: string): string {
  return type.replace(/\s+/g, "");
}

/**
 * Index just past the bracket that closes the one opening at `open`. `<`/`>` count as brackets
 * only in types (`angles`), since in code they are comparisons.
 */
export function closingIndex(code: string, open: number, angles = false): number {
  const pairs: Record<string, string> = { "(": ")", "{": "}", "[": "]" };
  if (angles) pairs["<"] = ">";
  const stack: string[] = [];
  for (let i = open; i < code.length; i += 1) {
    const c = code[i] ?? "";
    const close = pairs[c];
    if (close !== undefined) stack.push(close);
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i + 1;
    }
  }
  throw new Error(`unbalanced bracket at offset ${open}`);
}

/** Splits on commas outside brackets (and outside `<>` when `angles`); drops a trailing empty part. */
export function splitTopLevel(text: string, angles = false): string[] {
  const opening = angles ? "(<[{" : "([{";
  const closing = angles ? ")>]}" : ")]}";
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const c of text) {
    if (opening.includes(c)) depth += 1;
    else if (closing.includes(c)) depth -= 1;
    if (c === "," && depth === 0) {
      parts.push(current.trim());
      current = "";
    } else current += c;
  }
  if (current.trim() !== "") parts.push(current.trim());
  return parts;
}

function parseParams(text: string): MoveParam[] {
  return splitTopLevel(text, true).map((part) => {
    const colon = part.indexOf(":");
    if (colon === -1) throw new Error(`parameter without a type: ${part}`);
    return { name: part.slice(0, colon).trim(), type: normalizeType(part.slice(colon + 1)) };
  });
}

/** Attributes and modifier words between the previous item and offset `at`. */
function prefixOf(code: string, at: number): { attributes: string[]; words: string[] } {
  let start = at;
  while (start > 0 && !";{}".includes(code[start - 1] ?? "")) start -= 1;
  const prefix = code.slice(start, at);
  const attributes = [...prefix.matchAll(/#\[([^\]]*)\]/g)].map((m) => normalizeType(m[1] ?? ""));
  const bare = prefix.replace(/#\[[^\]]*\]/g, " ");
  const words = (bare.match(/public\s*\(\s*\w+\s*\)|\w+/g) ?? []).map(normalizeType);
  return { attributes, words };
}

function parseFunctions(code: string): MoveFunction[] {
  const functions: MoveFunction[] = [];
  for (const match of code.matchAll(/\bfun\s+(\w+)/g)) {
    const at = match.index;
    const name = match[1] ?? "";
    const { attributes, words } = prefixOf(code, at);
    let cursor = at + match[0].length;
    while (/\s/.test(code[cursor] ?? "")) cursor += 1;
    if (code[cursor] === "<") cursor = closingIndex(code, cursor, true);
    while (/\s/.test(code[cursor] ?? "")) cursor += 1;
    if (code[cursor] !== "(") throw new Error(`fun ${name}: expected a parameter list`);
    const paramsEnd = closingIndex(code, cursor);
    const params = parseParams(code.slice(cursor + 1, paramsEnd - 1));
    const bodyStart = code.slice(paramsEnd).search(/[{;]/);
    const signatureTail =
      code.slice(paramsEnd, paramsEnd + bodyStart).split(/\bacquires\b/)[0] ?? "";
    const tail = signatureTail.trim();
    let returns: string[] = [];
    if (tail.startsWith(":")) {
      const type = tail.slice(1).trim();
      returns = type.startsWith("(")
        ? splitTopLevel(type.slice(1, closingIndex(type, 0) - 1), true).map(normalizeType)
        : [normalizeType(type)];
    }
    const visibilityWord = words.find((w) => w.startsWith("public"));
    const visibility =
      visibilityWord === undefined
        ? "private"
        : (/^public\((\w+)\)$/.exec(visibilityWord)?.[1] ?? "public");
    functions.push({
      name,
      attributes,
      visibility,
      entry: words.includes("entry"),
      params,
      returns,
    });
  }
  return functions;
}

function parseStructs(code: string): MoveStruct[] {
  const structs: MoveStruct[] = [];
  for (const match of code.matchAll(/\bstruct\s+(\w+)([^{;]*)\{/g)) {
    const name = match[1] ?? "";
    const header = match[2] ?? "";
    const { attributes } = prefixOf(code, match.index);
    const abilities = (/\bhas\b([^{]*)/.exec(header)?.[1] ?? "")
      .split(",")
      .map((a) => a.trim())
      .filter((a) => a !== "");
    const open = match.index + match[0].length - 1;
    const fields = parseParams(code.slice(open + 1, closingIndex(code, open) - 1));
    structs.push({ name, attributes, abilities, fields });
  }
  return structs;
}

function docAbove(source: string, at: number): string {
  const lines = source.slice(0, at).split("\n");
  lines.pop(); // the text on the declaration's own line before `const`
  const doc: string[] = [];
  for (let line = lines.pop(); line !== undefined; line = lines.pop()) {
    const trimmed = line.trim();
    if (!trimmed.startsWith("///")) break;
    doc.unshift(trimmed.slice(3).trim());
  }
  return doc.join(" ");
}

/** A constant's literal: `1_000` reads as `1000`; `b"a_b"` keeps its underscores. */
function literal(text: string): string {
  return /^[bx]"/.test(text) ? text : text.replace(/_/g, "");
}

function parseConsts(source: string, code: string): MoveConst[] {
  return [...code.matchAll(/\bconst\s+(\w+)\s*:\s*([^=]+?)\s*=\s*([^;]+);/g)].map((m) => ({
    name: m[1] ?? "",
    type: normalizeType(m[2] ?? ""),
    value: literal((m[3] ?? "").trim()),
    doc: docAbove(source, m.index),
  }));
}

/** Reads one `module address::name { ... }` from a source file. */
export function parseMoveModule(source: string): MoveModule {
  const code = blankComments(source);
  const header = /\bmodule\s+(\w+)::(\w+)\s*\{/.exec(code);
  if (!header) throw new Error("no `module address::name {` found");
  return {
    address: header[1] ?? "",
    name: header[2] ?? "",
    consts: parseConsts(source, code),
    functions: parseFunctions(code),
    structs: parseStructs(code),
    code,
  };
}

/** The arguments of every `assert!(...)` in the code. */
export function assertCalls(code: string): string[][] {
  return [...code.matchAll(/\bassert!\s*\(/g)].map((m) => {
    const open = m.index + m[0].length - 1;
    return splitTopLevel(code.slice(open + 1, closingIndex(code, open) - 1));
  });
}

/** The expression after every `abort`, up to the end of its statement or block. */
export function abortExpressions(code: string): string[] {
  return [...code.matchAll(/\babort\s+([^;}]+)/g)].map((m) => (m[1] ?? "").trim());
}
