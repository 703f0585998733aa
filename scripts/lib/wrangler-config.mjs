// Small reads of a wrangler.jsonc, without loading wrangler itself (whose module installs signal
// handlers of its own, which would end `npm start` on Ctrl-C before it stopped its children).
import { existsSync, readFileSync } from "node:fs";

/**
 * JSONC text as a value: comments (outside strings) and trailing commas removed, then JSON.parse.
 * That is all of JSONC wrangler's configs use.
 */
export function parseJsonc(text) {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      // A string, escapes included, copied as is.
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      out += text.slice(i, end + 1);
      i = end;
    } else if (char === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else if (char === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      if (end === -1) throw new SyntaxError("unterminated /* comment");
      i = end + 1;
    } else {
      out += char;
    }
  }
  return JSON.parse(removeTrailingCommas(out));
}

/** Drops each comma that only whitespace separates from the next `]` or `}` (outside strings). */
function removeTrailingCommas(json) {
  const closer = /\s*[\]}]/y;
  let out = "";
  for (let i = 0; i < json.length; i++) {
    const char = json[i];
    if (char === '"') {
      let end = i + 1;
      while (end < json.length && json[end] !== '"') end += json[end] === "\\" ? 2 : 1;
      out += json.slice(i, end + 1);
      i = end;
    } else if (char === ",") {
      closer.lastIndex = i + 1;
      if (!closer.test(json)) out += char;
    } else {
      out += char;
    }
  }
  return out;
}

/** The wrangler config at configPath (a .jsonc or .json file), parsed. */
export function readWranglerConfig(configPath) {
  return parseJsonc(readFileSync(configPath, "utf8"));
}

/**
 * True when the wrangler config at configPath has an environment `name` (`env.<name>`). Asking
 * wrangler for an environment the config does not have only warns and falls back to the top
 * level, so callers ask for one only when it is there.
 */
export function configHasEnv(configPath, env) {
  if (!env || !existsSync(configPath)) return false;
  const environments = readWranglerConfig(configPath).env;
  return typeof environments === "object" && environments !== null && env in environments;
}

/** The config's top-level `name`. */
export function topLevelName(configPath) {
  const name = readWranglerConfig(configPath).name;
  if (typeof name !== "string" || name === "") {
    throw new Error(`${configPath} has no top-level name`);
  }
  return name;
}
