// The local stack under hostile clients (issue 13, door 10), booted as `npm start` boots it
// (startLocalStack, each Worker on its own socket): 2,000 aborted uploads leave the gateway's
// /health answering within 1 s throughout; a stalled upload is answered 408 and closed; an answer
// given before the body was read leaves the connection usable; and a seeded fuzz of 10,000
// malformed requests over every gateway, agent and devnode route finds no 5xx, no answer that is
// not JSON, no stack trace or file path, and no target that stops answering. Issue 20 (items 7
// and 8) adds what the fuzz judges: executes against registered processes (working agents, one
// that refuses the gateway, one unreachable) with lone surrogates in data, answered in SPEC's
// shapes; HEAD with malformed targets, answered without a body; devnode refusals in the Aptos
// node's shape.
// Loopback only; every loop is bounded in count and time.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerJson } from "../../cli/test/e2e/support/cli-schemas.js";
import { jsonResult } from "../../cli/test/e2e/support/json-output.js";
import { ensureCliBuilt, runCli } from "../../cli/test/e2e/support/run-cli.js";
import { type LocalStack, startLocalStack } from "../lib/stack.mjs";
import {
  AGENTLESS_PROCESSES,
  parseAnswer,
  runFuzz,
  SERVED_PROCESSES,
  send,
} from "./support/fuzz.mjs";

/** Short, so the stalled uploads of the fuzz end quickly; `npm start` uses 10 s. */
const REQUEST_TIMEOUT_MS = 2_000;
const SEED = Number(process.env.AGENTGATE_FUZZ_SEED ?? 20_261_124);

let stack: LocalStack;
let dir: string;

/**
 * The processes the fuzz's executes name (fuzz.mjs), all free: the example agents' by the owner
 * they serve; "unserved" on the echo agent by the operator, whose requests the agent refuses
 * (wrong owner); "unreachable" on a binding the gateway lacks.
 */
async function registerProcesses(): Promise<void> {
  const keys = stack.keys;
  if (!keys) throw new Error("the local stack has no keys");
  const env = { APTOS_NETWORK: stack.ledgerUrl, APTOS_MODULE_ADDRESS: stack.moduleAddress };
  const key = (file: string) => readFileSync(file, "utf8").trim();
  const bindings: Record<string, string> = {
    echo: "ECHO_AGENT",
    "text-stats": "TEXT_STATS_AGENT",
    "json-transform": "JSON_TRANSFORM_AGENT",
  };
  const processes = [
    ...SERVED_PROCESSES.map((id) => ({
      id,
      url: `service://${bindings[id]}`,
      owner: keys.examplesOwner.keyFile,
    })),
    { id: "unserved", url: "service://ECHO_AGENT", owner: keys.operator.keyFile },
    { id: "unreachable", url: "service://NO_SUCH_AGENT", owner: keys.examplesOwner.keyFile },
  ];
  expect(processes.map((p) => p.id).sort()).toEqual(
    [...SERVED_PROCESSES, ...AGENTLESS_PROCESSES].sort(),
  );
  for (const { id, url, owner } of processes) {
    const config = join(dir, `${id}.json`);
    const pricing = { taskPrice: "0", requiresPrepayment: false };
    writeFileSync(config, JSON.stringify({ id, name: id, url, agents: [], pricing }));
    jsonResult(
      await runCli(["register", "-c", config, "-p", key(owner), "--json"], { env }),
      registerJson,
    );
  }
}

beforeAll(async () => {
  await ensureCliBuilt();
  dir = mkdtempSync(join(tmpdir(), "agentgate-hostile-"));
  stack = await startLocalStack({ devClock: true, requestTimeoutMs: REQUEST_TIMEOUT_MS });
  await registerProcesses();
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The stack's origins the fuzz draws from, by the kind of answers they give. */
function fuzzTargets() {
  return [
    { kind: "gateway", url: stack.gatewayUrl ?? "" },
    { kind: "ledger", url: stack.ledgerOrigin },
    ...Object.values(stack.agentUrls ?? {}).map((url) => ({ kind: "agent", url })),
  ];
}

/** One request over a keep-alive agent: the status, the body's length, or the client's error. */
function keptAlive(
  agent: Agent,
  origin: string,
  method: string,
  path: string,
): Promise<{ status?: number; bodyBytes?: number; error?: string }> {
  const url = new URL(origin);
  return new Promise((done) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method, path, agent, timeout: 5_000 },
      (res) => {
        let bodyBytes = 0;
        res.on("data", (chunk: Buffer) => {
          bodyBytes += chunk.length;
        });
        res.on("end", () => done({ status: res.statusCode, bodyBytes }));
        res.on("error", (error: NodeJS.ErrnoException) =>
          done({ error: error.code ?? error.message }),
        );
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message }));
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.end();
  });
}

function gateway(): URL {
  if (!stack.gatewayUrl) throw new Error("the stack has no gateway");
  return new URL(stack.gatewayUrl);
}

/**
 * Opens an upload of 1000 declared bytes, sends `{}`, and goes away; or, with `large`, declares
 * 200,000 bytes and sends 70,000 first, past what the stack's front collects before calling the
 * Worker, so the abort reaches workerd itself.
 */
function abortedUpload(url: URL, large: boolean): Promise<void> {
  return new Promise((done) => {
    const socket = connect(Number(url.port), url.hostname);
    socket.on("error", () => done());
    socket.on("close", () => done());
    socket.on("connect", () => {
      const head =
        "POST /api/execute/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n";
      socket.write(
        large
          ? `${head}Content-Length: 200000\r\n\r\n{"input":"${"x".repeat(70_000)}`
          : `${head}Content-Length: 1000\r\n\r\n{}`,
      );
      setTimeout(() => socket.destroy(), large ? 20 : 0);
    });
  });
}

/** Writes raw bytes on one connection and collects what comes back until it closes or quietMs. */
function exchange(url: URL, writes: string[], quietMs: number): Promise<string> {
  return new Promise((done) => {
    const socket = connect(Number(url.port), url.hostname);
    let out = "";
    let timer = setTimeout(() => socket.destroy(), quietMs);
    socket.on("data", (chunk) => {
      out += chunk.toString("utf8");
      clearTimeout(timer);
      timer = setTimeout(() => socket.destroy(), quietMs);
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      done(out);
    });
    socket.on("connect", () => {
      for (const chunk of writes) socket.write(chunk);
    });
  });
}

describe("hostile clients against the local stack", () => {
  it("keeps /health answering within 1 s while 2,000 uploads are aborted", async () => {
    const url = gateway();
    let running = true;
    const probes: number[] = [];
    const failures: string[] = [];
    const probe = (async () => {
      while (running) {
        const started = Date.now();
        try {
          const response = await fetch(`${stack.gatewayUrl}/health`, {
            signal: AbortSignal.timeout(1_000),
          });
          await response.body?.cancel();
          if (!response.ok) failures.push(`/health answered ${response.status}`);
        } catch (error) {
          failures.push(`/health: ${(error as Error).name} after ${Date.now() - started} ms`);
        }
        probes.push(Date.now() - started);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < 2_000 && Date.now() - started < 90_000) {
          next++;
          await abortedUpload(url, next % 2 === 0);
        }
      }),
    );
    // Still answering after the last abort, for a while.
    await new Promise((r) => setTimeout(r, 2_000));
    running = false;
    await probe;
    expect(next).toBe(2_000);
    expect(failures).toEqual([]);
    expect(probes.length).toBeGreaterThan(10);
    expect(Math.max(...probes)).toBeLessThan(1_000);
  }, 120_000);

  it("answers a stalled upload 408 with Connection: close after the deadline", async () => {
    const started = Date.now();
    const raw = await exchange(
      gateway(),
      [
        "POST /api/execute/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
          "Content-Length: 1000\r\n\r\n{}",
      ],
      REQUEST_TIMEOUT_MS * 3,
    );
    const answer = parseAnswer(Buffer.from(raw));
    expect(answer?.status).toBe(408);
    expect(answer?.headers.connection).toBe("close");
    expect(JSON.parse(answer?.body ?? "")).toMatchObject({ success: false });
    expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS * 3);
  });

  it("keeps a connection usable after an answer given before the body was read", async () => {
    // 404 for a route that takes no body, then a second request on the same connection: the
    // first answer must not end the connection silently (the devnode did, issue 13 door 10).
    for (const origin of [stack.gatewayUrl, stack.ledgerOrigin]) {
      const url = new URL(origin ?? "");
      const raw = await exchange(
        url,
        [
          `POST /no-such-route HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 70000\r\n\r\n${"x".repeat(70_000)}`,
          "GET /no-such-route-either HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        ],
        3_000,
      );
      const statuses = [...raw.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]);
      // The first is a 404, or a 413 where the body limit runs before routing (the devnode).
      expect(statuses, raw.slice(0, 500)).toHaveLength(2);
      expect(["404", "413"], raw.slice(0, 500)).toContain(statuses[0]);
      expect(statuses[1], raw.slice(0, 500)).toBe("404");
    }
  });

  it("answers HEAD with a malformed target without a body, and a keep-alive client goes on", async () => {
    for (const { url } of [...fuzzTargets(), { kind: "ledger", url: stack.faucetOrigin }]) {
      for (const path of ["/%", "//..%zz", "/\u00e9", "/a\u007fb"]) {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        const head = await keptAlive(agent, url, "HEAD", path);
        // HPE_CLOSED_CONNECTION (a body after a HEAD's answer) is what the old front gave.
        expect(head, `HEAD ${path} on ${url}`).toMatchObject({ bodyBytes: 0 });
        expect(head.status, `HEAD ${path} on ${url}`).toBeGreaterThanOrEqual(400);
        const next = await keptAlive(agent, url, "GET", "/no-such-route");
        expect(next, `the request after HEAD ${path} on ${url}`).toMatchObject({ status: 404 });
        agent.destroy();
      }
    }
  });

  it("answers every devnode refusal in the Aptos node's shape", async () => {
    const overCap = `{"function":"${"x".repeat(200_000)}"}`;
    const cases: { path: string; method?: string; body?: string; mode?: "normal" | "chunked" }[] = [
      { path: "/\u00e9", method: "GET" },
      { path: "/no-such-route", method: "GET" },
      { path: "/v1/view", body: "{" },
      { path: "/v1/view", body: overCap },
      { path: "/v1/view", body: overCap, mode: "chunked" },
      { path: "/v1/transactions", body: overCap },
      { path: "/v1/transactions", body: overCap, mode: "chunked" },
      { path: "/fund", body: overCap },
      { path: "/fund", body: overCap, mode: "chunked" },
      { path: "/fund", body: "{" },
    ];
    for (const origin of [stack.ledgerOrigin, stack.faucetOrigin]) {
      for (const c of cases) {
        const answer = await send(
          {
            seed: 0,
            index: 0,
            kind: "ledger",
            method: c.method ?? "POST",
            path: c.path,
            headers: [["Content-Type", "application/json"]],
            body: c.body ?? "",
            mode: c.mode ?? "normal",
          },
          origin,
        );
        const what = `${c.method ?? "POST"} ${c.path} (${c.mode ?? "normal"}) on ${origin}`;
        expect("status" in answer && answer.status >= 400, what).toBe(true);
        const body = "body" in answer ? JSON.parse(answer.body) : undefined;
        expect(body, what).toMatchObject({
          message: expect.any(String),
          error_code: expect.any(String),
        });
      }
      // A Content-Length over the cap, with only part of the body sent: refused on the header.
      const raw = await exchange(
        new URL(origin),
        [
          "POST /fund HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
            `Content-Length: 50000000\r\n\r\n{"address":"${"a".repeat(70_000)}`,
        ],
        3_000,
      );
      const declared = parseAnswer(Buffer.from(raw));
      expect(declared?.status, raw.slice(0, 300)).toBe(413);
      expect(JSON.parse(declared?.body ?? ""), raw.slice(0, 300)).toMatchObject({
        message: expect.any(String),
        error_code: expect.any(String),
      });
    }
  });

  it(`finds nothing in a seeded fuzz of 10,000 malformed requests (seed ${SEED})`, async () => {
    const targets = fuzzTargets();
    expect(targets.filter((t) => t.kind === "agent")).toHaveLength(4);
    const result = await runFuzz({
      seed: SEED,
      requests: 10_000,
      targets,
      concurrency: 16,
      deadlineMs: 150_000,
      stallMs: REQUEST_TIMEOUT_MS * 3,
      timeoutMs: 15_000,
    });
    const report = `seed ${SEED} (AGENTGATE_FUZZ_SEED reruns it): ${JSON.stringify(result.counts)}`;
    expect(result.findings, `${report}\n${result.findings.join("\n")}`).toEqual([]);
    expect(result.counts.sent, report).toBe(10_000);
    // Every kind of case was drawn.
    expect(Object.keys(result.counts.byMode).sort()).toEqual([
      "abort",
      "chunked",
      "normal",
      "stall",
    ]);
  }, 240_000);
});
