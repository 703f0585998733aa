import { describe, expect, it } from "vitest";
import { fetchAgentAnswer } from "../../src/execute/agent-answer.js";
import { parseAgentBindings, resolveAgentTarget } from "../../src/execute/agent-target.js";

/** A service binding that records every URL it is asked for and answers 200 `{}`. */
function recordingFetcher() {
  const calls: string[] = [];
  const fetcher = {
    fetch: async (input: RequestInfo | URL) => {
      calls.push(String(input instanceof Request ? input.url : input));
      return Response.json({});
    },
    connect: () => {
      throw new Error("not used");
    },
  } as unknown as Fetcher;
  return { fetcher, calls };
}

/** The gateway's bindings as a deployment has them: the ledger and two agents. */
function deployment() {
  const ledger = recordingFetcher();
  const echo = recordingFetcher();
  const other = recordingFetcher();
  return {
    bindings: { LEDGER: ledger.fetcher, ECHO_AGENT: echo.fetcher, OTHER: other.fetcher },
    // LEDGER is listed on purpose: the ledger binding is never an agent, even if declared one.
    agentBindings: parseAgentBindings("ECHO_AGENT, LEDGER"),
    calls: () => [...ledger.calls, ...echo.calls, ...other.calls],
  };
}

/**
 * Resolves like execute and the logs route do and, when resolution succeeds, calls the agent as
 * they would; answers whether it resolved and what was fetched.
 */
async function attempt(serviceUrl: string, allowHttp = false) {
  const d = deployment();
  const resolved = resolveAgentTarget({ serviceUrl, allowHttp, ...d });
  if (resolved.ok && resolved.target.fetcher !== null) {
    await fetchAgentAnswer({
      target: resolved.target,
      path: "/execute",
      init: { method: "POST", body: "{}" },
      limit: { route: "/execute", maxBytes: 1024, deadlineMs: 1_000 },
    });
  }
  return { resolved, calls: d.calls() };
}

describe("resolveAgentTarget: service:// resolves only declared agent bindings (issue 13, door 3)", () => {
  it("resolves a declared agent and calls it under its base path", async () => {
    const { resolved, calls } = await attempt("service://ECHO_AGENT/v1/");
    expect(resolved.ok).toBe(true);
    expect(calls).toEqual(["https://echo_agent.internal/v1/execute"]);
  });

  it("never resolves the ledger binding, even when AGENT_BINDINGS lists it (the mint SSRF)", async () => {
    const attacker = `0x${"a".repeat(64)}`;
    for (const url of [
      `service://LEDGER/mint?address=${attacker}&amount=100000000000000&x=`,
      "service://LEDGER",
      "service://LEDGER/fund",
      "service://ledger",
    ]) {
      const { resolved, calls } = await attempt(url);
      expect(resolved.ok, url).toBe(false);
      expect(calls, url).toEqual([]);
    }
  });

  it("refuses a binding the gateway has but did not declare as an agent", async () => {
    const { resolved, calls } = await attempt("service://OTHER");
    expect(resolved).toMatchObject({ ok: false });
    expect(calls).toEqual([]);
  });

  it("refuses a declared name the gateway has no binding for", async () => {
    const d = deployment();
    const r = resolveAgentTarget({
      serviceUrl: "service://MISSING",
      bindings: d.bindings,
      agentBindings: parseAgentBindings("MISSING"),
      allowHttp: false,
    });
    expect(r.ok).toBe(false);
  });

  it("refuses everything when AGENT_BINDINGS is unset or empty (fail closed)", async () => {
    for (const raw of [undefined, "", " , "]) {
      const d = deployment();
      const r = resolveAgentTarget({
        serviceUrl: "service://ECHO_AGENT",
        bindings: d.bindings,
        agentBindings: parseAgentBindings(raw),
        allowHttp: false,
      });
      expect(r.ok, String(raw)).toBe(false);
      expect(d.calls()).toEqual([]);
    }
  });

  it("refuses a base path with a query, fragment, dot segment or any percent-escape", async () => {
    for (const url of [
      "service://ECHO_AGENT/x?y",
      "service://ECHO_AGENT?y",
      "service://ECHO_AGENT/x#y",
      "service://ECHO_AGENT/%2e%2e/",
      "service://ECHO_AGENT/%2E%2E/logs",
      "service://ECHO_AGENT/../x",
      "service://ECHO_AGENT/a/..",
      "service://ECHO_AGENT/./x",
      "service://ECHO_AGENT/.%2e/x",
      "service://ECHO_AGENT/a%2fb",
      "service://ECHO_AGENT/a\\..\\b",
      "service://ECHO_AGENT//x",
      "service://ECHO_AGENT/a b",
    ]) {
      const { resolved, calls } = await attempt(url);
      expect(resolved.ok, url).toBe(false);
      expect(calls, url).toEqual([]);
    }
  });

  it("puts the same rule on https:// and http:// agent paths", async () => {
    for (const url of [
      "https://agent.example/x?y",
      "https://agent.example?y",
      "https://agent.example/x#y",
      "https://agent.example/%2e%2e/admin",
      "https://agent.example/a/../b",
      "https://agent.example\\..\\b",
      "https://agent.example/a%20b",
      "http://127.0.0.1:9/x?y",
    ]) {
      const { resolved } = await attempt(url, true);
      expect(resolved.ok, url).toBe(false);
    }
    const fine = await attempt("https://agent.example:8443/agents/echo-1.v2/", false);
    expect(fine.resolved).toEqual({
      ok: true,
      target: { fetcher: null, baseUrl: "https://agent.example:8443/agents/echo-1.v2" },
    });
  });
});

describe("parseAgentBindings", () => {
  it("splits on commas, trims, and drops the ledger binding and names that are not identifiers", () => {
    expect([...parseAgentBindings(" ECHO_AGENT ,TEXT_STATS_AGENT,,LEDGER,a.b ")]).toEqual([
      "ECHO_AGENT",
      "TEXT_STATS_AGENT",
    ]);
  });
});
