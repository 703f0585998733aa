/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";

/**
 * Every byte the gateway reads from an agent goes through execute/agent-answer.ts, which caps
 * it (docs/gateway.md, "Agent answers"; issue 20: an /info read whole with `response.text()`
 * took the gateway down). This scan fails when a body is read anywhere else in src/.
 */
const SOURCES = import.meta.glob<string>("../../src/**/*.ts", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** A body read: `.text()`, `.json()`, `.json<T>()`, `.arrayBuffer()` ... with no arguments. */
const BODY_READ = /\.(text|json|arrayBuffer|blob|formData|bytes|getReader)\s*(<[^>()]*>)?\(\s*\)/g;

/** The reads that are not of an agent's answer, each with the reason it is bounded. */
const ALLOWED: Record<string, { reads: string[]; why: string }> = {
  "execute/bounded-body.ts": {
    reads: ["getReader"],
    why: "the one bounded reader of agent answers itself (fetchAgentAnswer's cap and deadline)",
  },
  "http/raw-body.ts": {
    reads: ["arrayBuffer"],
    why: "the caller's request body, behind bodyLimit's 1 MiB (app.ts)",
  },
  "runs/run-event-reader.ts": {
    reads: ["getReader"],
    why: "the gateway's own run object's event stream, whose events it capped (runs/run-limits.ts)",
  },
  "routes/console-dev-wallet.ts": {
    reads: ["arrayBuffer"],
    why: "the console's request to relay to the ledger, behind the same bodyLimit",
  },
  "a2a/after-answer.ts": {
    reads: ["arrayBuffer"],
    why: "the gateway's own A2A answer, whose agent result was read capped (agent-answer.ts)",
  },
  "mcp/serve-mcp.ts": {
    reads: ["json"],
    why: "the MCP client's JSON-RPC body, behind the same bodyLimit",
  },
};

/** Each body read in `source`, by method name. */
function bodyReadsOf(source: string): string[] {
  return [...source.matchAll(BODY_READ)].map((match) => match[1] ?? "");
}

describe("no unbounded read of an agent's answer in workers/gateway/src", () => {
  const files = Object.entries(SOURCES).map(([path, source]) => ({
    file: path.replace("../../src/", ""),
    source,
  }));

  it("scans the gateway's sources", () => {
    expect(files.map((f) => f.file)).toContain("execute/forward-to-agent.ts");
    expect(files.length).toBeGreaterThan(40);
  });

  it("finds the reads it is meant to find", () => {
    expect(bodyReadsOf("const t = await response.text();")).toEqual(["text"]);
    expect(bodyReadsOf("JSON.parse(await (await fetch(u)).json<Info>())")).toEqual(["json"]);
    expect(bodyReadsOf("await res.arrayBuffer ( )")).toEqual(["arrayBuffer"]);
    // Writing an answer is not reading one.
    expect(bodyReadsOf("return c.json(body, 200); Response.json({})")).toEqual([]);
  });

  it("reads bodies only where the allow-list says why", () => {
    const found = files
      .map(({ file, source }) => ({
        file,
        reads: bodyReadsOf(source).filter((read) => !ALLOWED[file]?.reads.includes(read)),
      }))
      .filter((f) => f.reads.length > 0);
    expect(found).toEqual([]);
  });
});
