import { readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";

/**
 * Finds imports that bypass a package's surface (README.md, "Layout"): shared/ is reached only
 * through the "#shared/..." subpath imports of the root package.json, and no Worker or the CLI
 * reaches into another one's src/ by a relative path.
 */

/** Folders holding packages of their own: a relative path may not cross into another's src/. */
const PACKAGE_ROOTS = [
  "workers/gateway",
  "workers/agent",
  "workers/ledger",
  "cli",
  "scripts",
  "bench",
];
const SCANNED = ["shared", "workers", "cli", "scripts", "bench"];
const SKIPPED_DIRS = new Set(["node_modules", "dist", ".wrangler", ".git"]);
const SOURCE_FILE = /\.(?:ts|mts|cts|tsx|js|mjs|cjs)$/;

// import/export ... from "x", import "x", import("x"), require("x"), vi.mock("x"), vi.importActual("x").
const SPECIFIER =
  /(?:\bfrom|\bimport|\brequire|\bvi\s*\.\s*(?:do)?[mM]ock|\bvi\s*\.\s*import(?:Actual|Mock))\s*\(?\s*(['"])([^'"\n]+)\1/g;

export interface DeepImport {
  file: string;
  line: number;
  specifier: string;
  reason: string;
}

function packageOf(path: string): string | undefined {
  if (path.startsWith("shared/")) return "shared";
  return PACKAGE_ROOTS.find((root) => path.startsWith(`${root}/`));
}

/** Why `specifier`, written in the repository file `file` (a posix path from the root), is a deep import, or undefined. */
export function deepImportReason(file: string, specifier: string): string | undefined {
  if (/(^|\/)shared\/src(\/|$)/.test(specifier) && !specifier.startsWith(".")) {
    return "names shared/src: import it as #shared/...";
  }
  if (!specifier.startsWith("./") && !specifier.startsWith("../")) return undefined;
  const target = posix.normalize(posix.join(posix.dirname(file), specifier));
  if (target.startsWith("../")) return "leaves the repository";
  const from = packageOf(file);
  if (target === "shared" || target.startsWith("shared/")) {
    // shared/src's own modules import each other; a shared test may import a sibling test helper.
    if (file.startsWith("shared/src/") && target.startsWith("shared/src/")) return undefined;
    if (file.startsWith("shared/test/") && target.startsWith("shared/test/")) return undefined;
    return "reaches into shared/ by a relative path: import it as #shared/...";
  }
  const to = packageOf(target);
  if (to !== undefined && to !== from && target.startsWith(`${to}/src/`)) {
    return `reaches into ${to}/src from ${from ?? "outside a package"}`;
  }
  return undefined;
}

/**
 * A relative specifier names its file as ESM does: "./x.js" (for x.ts), "./x.mjs", "./x.json", or
 * a stylesheet by its name (the console's, bundled by esbuild and imported by the gateway as text).
 */
export function namesItsFile(specifier: string): boolean {
  if (!specifier.startsWith("./") && !specifier.startsWith("../")) return true;
  return /\.(?:m?js|json|css)$/.test(specifier);
}

function* sourceFiles(root: string, dir: string): Generator<string> {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* sourceFiles(root, posix.join(dir, entry.name));
    } else if (SOURCE_FILE.test(entry.name)) {
      yield posix.join(dir, entry.name);
    }
  }
}

/** Every deep import in the repository at `root`, with the number of files and specifiers read. */
export function scanDeepImports(root: string): {
  files: number;
  specifiers: number;
  found: DeepImport[];
  extensionless: DeepImport[];
} {
  let files = 0;
  let specifiers = 0;
  const found: DeepImport[] = [];
  const extensionless: DeepImport[] = [];
  for (const top of SCANNED) {
    for (const file of sourceFiles(root, top)) {
      files += 1;
      const text = readFileSync(join(root, file), "utf8");
      for (const match of text.matchAll(SPECIFIER)) {
        const specifier = match[2] ?? "";
        specifiers += 1;
        const reason = deepImportReason(file, specifier);
        const line = () => text.slice(0, match.index).split("\n").length;
        if (reason !== undefined) found.push({ file, line: line(), specifier, reason });
        if (!namesItsFile(specifier)) {
          extensionless.push({ file, line: line(), specifier, reason: "write ./x.js for x.ts" });
        }
      }
    }
  }
  return { files, specifiers, found, extensionless };
}
