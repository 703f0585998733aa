import { describe, expect, it } from "vitest";
import {
  AgentConfigError,
  DEFAULT_HEARTBEAT_MS,
  DEFAULT_LOG_LIMITS,
  DEFAULT_TIMEOUT_MS,
  parseAgentConfig,
  parseLogLimits,
  RETENTION_BUDGET_BYTES,
  worstCaseTransactionBytes,
} from "../src/config/agent-config.js";
import { GATEWAY_PUBLIC_KEY, NEXT_GATEWAY_PUBLIC_KEY, OWNER } from "./helpers.js";

const defaults = { id: "my-agent", name: "My agent", workflows: ["wf"] };

describe("parseAgentConfig", () => {
  it("falls back to the definition and sane defaults when no vars are set", () => {
    const config = parseAgentConfig({ env: {}, defaults });
    expect(config).toEqual({
      process: { id: "my-agent", name: "My agent" },
      workflows: ["default", "wf"],
      timeoutMs: DEFAULT_TIMEOUT_MS,
      maxBodyBytes: 1024 * 1024,
      recordTransactions: true,
      log: DEFAULT_LOG_LIMITS,
      version: null,
      gateway: {
        keys: [],
        ownerAddress: null,
        allowUnsignedLoopback: false,
        problem: expect.stringContaining("No gateway key configured"),
      },
      card: { gatewayUrl: null, taskPrice: null },
      runs: { maxConcurrentRuns: null, heartbeatMs: DEFAULT_HEARTBEAT_MS },
    });
  });

  it("reads every var, as strings or numbers", () => {
    const config = parseAgentConfig({
      env: {
        AGENT_PROCESS_ID: "proc-7",
        AGENT_PROCESS_NAME: "Seven",
        AGENT_WORKFLOWS: "x,y",
        AGENT_TIMEOUT_MS: 2_000,
        AGENT_MAX_BODY_BYTES: "2048",
        AGENT_RECORD_TRANSACTIONS: "FALSE",
        AGENT_LOG_MAX_LINES: "10",
        AGENT_LOG_MAX_LINE_BYTES: 100,
        AGENT_LOG_MAX_TRANSACTIONS: "50",
        AGENT_LOG_MAX_AGE_SECONDS: "600",
        AGENT_VERSION: "1.2.3",
        AGENT_GATEWAY_PUBLIC_KEYS: ` ${GATEWAY_PUBLIC_KEY.toUpperCase().replace("0X", "0x")},${NEXT_GATEWAY_PUBLIC_KEY} `,
        AGENT_OWNER_ADDRESS: OWNER.toUpperCase().replace("0X", "0x"),
        AGENT_ALLOW_UNSIGNED_LOOPBACK: "TRUE",
        AGENT_GATEWAY_URL: "https://gateway.example/base/",
        AGENT_TASK_PRICE: 2_500,
        AGENT_MAX_CONCURRENT_RUNS: "3",
        AGENT_STREAM_HEARTBEAT_MS: 50,
      },
      defaults,
    });
    expect(config).toEqual({
      process: { id: "proc-7", name: "Seven" },
      workflows: ["default", "x", "y"],
      timeoutMs: 2_000,
      maxBodyBytes: 2_048,
      recordTransactions: false,
      log: { maxLines: 10, maxLineBytes: 100, maxTransactions: 50, maxAgeSeconds: 600 },
      version: "1.2.3",
      gateway: {
        keys: [GATEWAY_PUBLIC_KEY, NEXT_GATEWAY_PUBLIC_KEY],
        ownerAddress: OWNER,
        allowUnsignedLoopback: true,
        problem: null,
      },
      card: { gatewayUrl: "https://gateway.example/base", taskPrice: "2500" },
      runs: { maxConcurrentRuns: 3, heartbeatMs: 50 },
    });
  });

  it("treats empty strings as unset", () => {
    const config = parseAgentConfig({
      env: {
        AGENT_VERSION: "",
        AGENT_SECRET: "",
        AGENT_PROCESS_ID: "",
        AGENT_GATEWAY_PUBLIC_KEYS: " , ",
        AGENT_OWNER_ADDRESS: "",
        AGENT_ALLOW_UNSIGNED_LOOPBACK: "",
      },
      defaults,
    });
    expect(config.version).toBeNull();
    expect(config.gateway).toMatchObject({ keys: [], ownerAddress: null });
    expect(config.process.id).toBe("my-agent");
  });

  it("names every invalid var in one error", () => {
    const parse = () =>
      parseAgentConfig({
        env: {
          AGENT_TIMEOUT_MS: "0",
          AGENT_LOG_MAX_LINES: "lots",
          AGENT_PROCESS_ID: "has spaces",
          AGENT_RECORD_TRANSACTIONS: "maybe",
        },
        defaults,
      });
    expect(parse).toThrow(AgentConfigError);
    expect(parse).toThrow(/AGENT_TIMEOUT_MS: must be a whole number from 1 to 900000/);
    expect(parse).toThrow(/AGENT_LOG_MAX_LINES/);
    expect(parse).toThrow(/AGENT_PROCESS_ID/);
    expect(parse).toThrow(/AGENT_RECORD_TRANSACTIONS/);
  });

  it("refuses a gateway URL that is not http(s) or carries a query, and a price that is not whole octas", () => {
    const parse = (env: Record<string, unknown>) => () => parseAgentConfig({ env, defaults });
    expect(parse({ AGENT_GATEWAY_URL: "ftp://gateway.example" })).toThrow(
      /AGENT_GATEWAY_URL: must be an http\(s\) URL/,
    );
    expect(parse({ AGENT_GATEWAY_URL: "https://gateway.example/?x=1" })).toThrow(
      /AGENT_GATEWAY_URL: must not carry a query or fragment/,
    );
    expect(parse({ AGENT_TASK_PRICE: "1.5" })).toThrow(/AGENT_TASK_PRICE/);
    expect(parse({ AGENT_TASK_PRICE: "-1" })).toThrow(/AGENT_TASK_PRICE/);
  });

  it("takes the definition's maxConcurrentRuns, which the var overrides, and checks both", () => {
    const limited = { ...defaults, maxConcurrentRuns: 2 };
    expect(parseAgentConfig({ env: {}, defaults: limited }).runs.maxConcurrentRuns).toBe(2);
    expect(
      parseAgentConfig({ env: { AGENT_MAX_CONCURRENT_RUNS: "5" }, defaults: limited }).runs
        .maxConcurrentRuns,
    ).toBe(5);
    for (const maxConcurrentRuns of [0, 1.5, 1_001]) {
      expect(() =>
        parseAgentConfig({ env: {}, defaults: { ...defaults, maxConcurrentRuns } }),
      ).toThrow(/AGENT_MAX_CONCURRENT_RUNS: must be a whole number from 1 to 1000/);
    }
    expect(() => parseAgentConfig({ env: { AGENT_STREAM_HEARTBEAT_MS: "5" }, defaults })).toThrow(
      /AGENT_STREAM_HEARTBEAT_MS/,
    );
  });

  it("rejects a definition whose id is not a valid process id, naming the var that overrides it", () => {
    expect(() => parseAgentConfig({ env: {}, defaults: { id: "bad id", name: "x" } })).toThrow(
      /AGENT_PROCESS_ID/,
    );
  });
});

describe("retention fits one Durable Object (docs/agent.md, Retention and storage)", () => {
  it("keeps the defaults well inside the budget, itself half of the 10 GB per object", () => {
    const perTransaction = worstCaseTransactionBytes(DEFAULT_LOG_LIMITS);
    expect(perTransaction).toBe(1_531_392);
    expect(DEFAULT_LOG_LIMITS.maxTransactions * perTransaction).toBeLessThan(
      RETENTION_BUDGET_BYTES / 3,
    );
    expect(RETENTION_BUDGET_BYTES).toBeLessThanOrEqual((10 * 1000 ** 3) / 2);
  });

  it("refuses the old defaults (10,000 runs), which could outgrow the object", () => {
    expect(() => parseLogLimits({ AGENT_LOG_MAX_TRANSACTIONS: "10000" })).toThrow(
      /AGENT_LOG_MAX_TRANSACTIONS: 10000 transactions of up to 1531392 bytes/,
    );
    expect(() =>
      parseAgentConfig({ env: { AGENT_LOG_MAX_TRANSACTIONS: "10000" }, defaults }),
    ).toThrow(AgentConfigError);
  });

  it("keeps a transaction at least as long as its signed request could be replayed", () => {
    expect(() => parseLogLimits({ AGENT_LOG_MAX_AGE_SECONDS: "599" })).toThrow(
      /AGENT_LOG_MAX_AGE_SECONDS: must be a whole number from 600/,
    );
  });
});

describe("parseLogLimits", () => {
  it("reads only the log bounds, ignoring the other vars", () => {
    expect(parseLogLimits({ AGENT_LOG_MAX_TRANSACTIONS: "3", AGENT_TIMEOUT_MS: "x" })).toEqual({
      ...DEFAULT_LOG_LIMITS,
      maxTransactions: 3,
    });
  });

  it("rejects a line bound too small to hold a truncated line", () => {
    expect(() => parseLogLimits({ AGENT_LOG_MAX_LINE_BYTES: "10" })).toThrow(
      /AGENT_LOG_MAX_LINE_BYTES: must be a whole number from 64/,
    );
  });
});
