/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";

/**
 * The folders of workers/gateway/src import each other one way only (docs/gateway.md, "Paths a
 * request takes"): a cycle between folders (execute <-> payment, execute <-> schema before issue
 * 21) means neither can be read, tested or moved without the other. Type-only imports count too.
 */
const SOURCES = import.meta.glob<string>("../../src/**/*.ts", {
  query: "?raw",
  import: "default",
  eager: true,
});

const PREFIX = "../../src/";
const RELATIVE_IMPORT = /from\s+"(\.\.?\/[^"]+)"/g;

/** The folder of a path under src/, or the file itself for the files at src/'s root. */
function nodeOf(path: string): string {
  const slash = path.indexOf("/");
  return slash === -1 ? path.replace(/\.[jt]s$/, "") : path.slice(0, slash);
}

/** `specifier` imported from the file at `from` (both relative to src/), as a path under src/. */
function resolve(from: string, specifier: string): string {
  const parts = from.split("/").slice(0, -1);
  for (const part of specifier.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  return parts.join("/");
}

/** Folder -> the folders its files import, from each file's relative imports. */
function folderGraph(sources: Record<string, string>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [path, source] of Object.entries(sources)) {
    const file = path.slice(PREFIX.length);
    const from = nodeOf(file);
    for (const match of source.matchAll(RELATIVE_IMPORT)) {
      const target = resolve(file, match[1] ?? "");
      // An import leaving src/ (a bundled asset in node_modules) is no folder of the gateway.
      if (target.startsWith("..")) continue;
      const to = nodeOf(target);
      if (to === from) continue;
      const edges = graph.get(from) ?? new Set<string>();
      edges.add(to);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** One cycle of the graph as the folders along it (first = last), or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    const at = path.indexOf(node);
    if (at !== -1) return [...path.slice(at), node];
    if (done.has(node)) return null;
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle !== null) return cycle;
    }
    path.pop();
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle !== null) return cycle;
  }
  return null;
}

describe("no import cycle between the folders of workers/gateway/src", () => {
  it("finds a cycle where there is one", () => {
    const graph = folderGraph({
      [`${PREFIX}execute/run.ts`]: 'import { pay } from "../payment/pay.js";',
      [`${PREFIX}payment/pay.ts`]: 'import type { Run } from "../execute/run.js";',
      [`${PREFIX}http/respond.ts`]: 'import { x } from "./x.js";',
    });
    expect(findCycle(graph)).toEqual(["execute", "payment", "execute"]);
    expect(findCycle(folderGraph({ [`${PREFIX}a/x.ts`]: 'from "../b/y.js"' }))).toBeNull();
  });

  it("has none in src/", () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(50);
    expect(findCycle(folderGraph(SOURCES))).toBeNull();
  });
});
