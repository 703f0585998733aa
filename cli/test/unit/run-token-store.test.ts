import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  findRunToken,
  MAX_STORED_RUNS,
  RUN_KEEP_MS,
  rememberRunToken,
  runTokenStorePath,
} from "../../src/runs/run-token-store.js";

const GATEWAY = new URL("http://127.0.0.1:8787");
const NOW = Date.parse("2026-11-26T07:00:00Z");
let dir: string;
let path: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "agentgate-tokens-"));
  path = join(dir, "home", "run-tokens.json");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function remember(transactionId: string, now = NOW, expiresAt = new Date(NOW).toISOString()) {
  return rememberRunToken({
    path,
    run: {
      transactionId,
      gateway: "http://127.0.0.1:8787",
      processId: "echo",
      token: `agr_${transactionId}`,
    },
    expiresAt,
    now,
  });
}
const find = (transactionId: string, now = NOW, gateway = GATEWAY) =>
  findRunToken({ path, transactionId, gateway, now })?.token;

describe("the run token file", () => {
  it("lives in AGENTGATE_HOME, else ~/.agentgate", () => {
    expect(runTokenStorePath({ AGENTGATE_HOME: "/tmp/x" }, "/home/u")).toBe(
      "/tmp/x/run-tokens.json",
    );
    expect(runTokenStorePath({}, "/home/u")).toBe("/home/u/.agentgate/run-tokens.json");
  });

  it("is written readable by its owner only, in a folder only its owner enters", () => {
    expect(remember("tx-1")).toEqual({ ok: true });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, "home")).mode & 0o777).toBe(0o700);
    expect(find("tx-1")).toBe("agr_tx-1");
  });

  it("gives a token only for the gateway that issued it (same origin and base path)", () => {
    remember("tx-1");
    expect(find("tx-1", NOW, new URL("http://127.0.0.1:8787/"))).toBe("agr_tx-1");
    expect(find("tx-1", NOW, new URL("https://evil.example"))).toBeUndefined();
    expect(find("tx-1", NOW, new URL("http://127.0.0.1:8787/other"))).toBeUndefined();
  });

  it("keeps a token 24 h at least, or until the run's announced expiry, then drops it", () => {
    remember("tx-1");
    remember("tx-2", NOW, new Date(NOW + 2 * RUN_KEEP_MS).toISOString());
    expect(find("tx-1", NOW + RUN_KEEP_MS - 1)).toBe("agr_tx-1");
    expect(find("tx-1", NOW + RUN_KEEP_MS)).toBeUndefined();
    expect(find("tx-2", NOW + RUN_KEEP_MS + 1)).toBe("agr_tx-2");
    // A later write prunes the expired ones from the file itself.
    remember("tx-3", NOW + RUN_KEEP_MS + 1);
    expect(readFileSync(path, "utf8")).not.toContain("agr_tx-1");
  });

  it("holds at most MAX_STORED_RUNS tokens, dropping those nearest their end", () => {
    for (let i = 0; i < MAX_STORED_RUNS + 5; i++) remember(`tx-${i}`, NOW + i);
    const stored = JSON.parse(readFileSync(path, "utf8")) as { runs: unknown[] };
    expect(stored.runs).toHaveLength(MAX_STORED_RUNS);
    expect(find("tx-0", NOW)).toBeUndefined();
    expect(find(`tx-${MAX_STORED_RUNS + 4}`, NOW)).toBe(`agr_tx-${MAX_STORED_RUNS + 4}`);
  });

  it("reads a damaged or oversized file as empty and replaces it", () => {
    remember("tx-1");
    writeFileSync(path, "{not json");
    expect(find("tx-1")).toBeUndefined();
    writeFileSync(path, JSON.stringify({ runs: [] }) + " ".repeat(1024 * 1024));
    expect(find("tx-1")).toBeUndefined();
    expect(remember("tx-2")).toEqual({ ok: true });
    expect(find("tx-2")).toBe("agr_tx-2");
  });

  it("says why when it cannot write, without throwing", () => {
    writeFileSync(join(dir, "file"), "");
    path = join(dir, "file", "run-tokens.json");
    expect(remember("tx-1")).toMatchObject({ ok: false, reason: expect.any(String) });
  });
});
