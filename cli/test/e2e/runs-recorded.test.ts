/**
 * `run` (live and --async), `watch`, `result` and `cancel-run` of the built CLI against one local
 * HTTP server that answers as the gateway's runs API does (docs/gateway.md, "Runs"): what the CLI
 * sends (Prefer: respond-async, the kept token, Last-Event-ID after a drop, a caller proof without
 * a token), what it prints where, its exit codes, its token file and Ctrl-C.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { executeSuccessResponseSchema } from "#shared/schemas/gateway";
import {
  type RunEvent,
  type RunState,
  type RunStatusResponse,
  runAcceptedResponseSchema,
  runStatusResponseSchema,
} from "#shared/schemas/runs";
import { expectFailure, jsonResult } from "./support/json-output.js";
import { ensureCliBuilt, runCli } from "./support/run-cli.js";

const KEY = `0x${"5e".repeat(32)}`;
const USER = `0x${"0".repeat(63)}1`;
const TX = "tx-slow-1";
const TOKEN = `agr_${"7a".repeat(32)}`;
const NOW = "2026-11-26T07:00:00.000Z";

let server: Server;
let base: string;
let home: string;
let seen: { method: string; path: string; headers: IncomingMessage["headers"] }[];
/** The run's state as GET and the final event show it, per test. */
let state: RunState;
/** The cancel's answer, per test. */
let cancelAnswer: { status: number; body: unknown };
/** Events connections answered so far: the first one is cut after event 3. */
let connections: number;

const links = () => ({
  run: `${base}/api/runs/${TX}`,
  events: `${base}/api/runs/${TX}/events`,
  cancel: `${base}/api/runs/${TX}/cancel`,
});

const runStatus = (status: RunState): RunStatusResponse => ({
  success: true,
  transactionId: TX,
  processId: "slow-report",
  status,
  taskId: null,
  progress: { progress: 3, total: 3 },
  ...(status === "completed" ? { result: { seconds: 3, report: "done" } } : {}),
  ...(status === "failed" ? { error: "the agent gave up", code: "agent_failed" as const } : {}),
  outcome: null,
  createdAt: NOW,
  startedAt: NOW,
  endedAt: status === "completed" || status === "failed" ? NOW : null,
  expiresAt: NOW,
  links: links(),
  timestamp: NOW,
});

const EVENTS = (): RunEvent[] => [
  { type: "status", status: "submitted" },
  { type: "status", status: "working" },
  { type: "progress", progress: { progress: 1, total: 3, message: "second 1" } },
  { type: "log", line: "halfway \u001b[31mthere" },
  { type: "progress", progress: { progress: 2, total: 3 } },
  { type: "result", run: runStatus(state) },
];

function streamEvents(req: IncomingMessage, res: ServerResponse) {
  connections++;
  const after = Number(req.headers["last-event-id"] ?? 0);
  res.writeHead(200, { "content-type": "text/event-stream" });
  res.write(": keep-alive\n\n");
  const events = EVENTS();
  // The first connection drops after event 3; the rest waits 300 ms so a watcher can be seen live.
  const until = connections === 1 ? 3 : events.length;
  let seq = after;
  const next = () => {
    if (seq >= until || res.destroyed) return res.end();
    const event = events[seq] as RunEvent;
    seq++;
    res.write(`id: ${seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    setTimeout(next, seq === 4 ? 300 : 5);
  };
  next();
}

beforeAll(async () => {
  await ensureCliBuilt();
  server = createServer(async (req, res) => {
    for await (const _ of req);
    const path = req.url ?? "/";
    seen.push({ method: req.method ?? "", path, headers: req.headers });
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
    if (path === "/api/execute/slow-report" && req.headers.prefer === "respond-async") {
      return json(202, {
        success: true,
        transactionId: TX,
        processId: "slow-report",
        status: "submitted",
        taskId: null,
        accessToken: TOKEN,
        links: links(),
        expiresAt: NOW,
        timestamp: NOW,
      });
    }
    if (path === `/api/runs/${TX}/events`) return streamEvents(req, res);
    if (path === `/api/runs/${TX}` && req.method === "GET") return json(200, runStatus(state));
    if (path === `/api/runs/${TX}/cancel`) return json(cancelAnswer.status, cancelAnswer.body);
    if (path === `/api/logs/slow-report/${TX}`) {
      return json(200, { success: true, transactionId: TX, logs: ["halfway"], timestamp: NOW });
    }
    return json(404, { success: false, error: "Not found", code: "not_found" });
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  home = mkdtempSync(join(tmpdir(), "agentgate-runs-home-"));
});

beforeEach(() => {
  seen = [];
  state = "completed";
  connections = 0;
  cancelAnswer = { status: 200, body: runStatus("canceled") };
});

afterAll(() => {
  server?.close();
  rmSync(home, { recursive: true, force: true });
});

const cli = (args: string[], options: Parameters<typeof runCli>[1] = {}) =>
  runCli(args, { ...options, env: { AGENTGATE_GATEWAY_URL: base, AGENTGATE_HOME: home } });
const startArgs = ["run", "-i", "slow-report", "-u", USER, "-d", '{"seconds":3}'];
const eventRequests = () => seen.filter((r) => r.path.endsWith("/events"));

const runJson = executeSuccessResponseSchema.extend({ logs: z.array(z.string()) });

describe("runs through a recorded gateway", () => {
  it("run asks for an async start, shows progress and logs live on stderr, then prints the result", async () => {
    const result = await cli(startArgs);
    expect(result.code).toBe(0);
    expect(seen[0]?.headers.prefer).toBe("respond-async");
    expect(result.stderr).toContain("status working\n");
    expect(result.stderr).toContain("progress 1/3 (33%) second 1\n");
    expect(result.stderr).toContain("log halfway \\x1b[31mthere\n");
    expect(result.stderr).toContain("progress 2/3 (66%)\n");
    // stdout is exactly what the blocking run printed.
    expect(result.stdout).toBe(
      [
        "process      slow-report",
        "transaction  tx-slow-1",
        "status       completed",
        "result       {",
        '               "seconds": 3,',
        '               "report": "done"',
        "             }",
        "logs         halfway",
        "",
      ].join("\n"),
    );
    // Live: the first progress line arrived before anything was on stdout.
    const firstOut = result.timeline.findIndex((c) => c.stream === "stdout");
    const progress = result.timeline.findIndex((c) => c.text.includes("progress 1/3"));
    expect(progress).toBeGreaterThanOrEqual(0);
    expect(progress).toBeLessThan(firstOut);
    // The first connection dropped after event 3; the CLI came back for the rest with its token.
    expect(eventRequests().map((r) => r.headers["last-event-id"])).toEqual([undefined, "3"]);
    expect(eventRequests().every((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it("run --json prints the execute answer as ever, and nothing on stderr", async () => {
    const result = await cli([...startArgs, "--json"]);
    expect(jsonResult(result, runJson)).toMatchObject({ status: "completed", transactionId: TX });
    expect(result.stderr).toBe("");
  });

  it("run of a run that fails prints its answer and exits 5", async () => {
    state = "failed";
    const result = await cli(startArgs);
    expect(result.code).toBe(5);
    expect(result.stdout).toContain("error        the agent gave up");
    // Live lines first; the error is the last line.
    expect(result.stderr.trimEnd().split("\n").at(-1)).toMatch(
      /^error: run slow-report failed: the agent gave up \(transaction tx-slow-1\)$/,
    );
  });

  it("run --async prints id, token and links at once, and keeps the token in a 0600 file", async () => {
    const accepted = jsonResult(
      await cli([...startArgs, "--async", "--json"]),
      runAcceptedResponseSchema.strict(),
    );
    expect(accepted).toMatchObject({ transactionId: TX, accessToken: TOKEN, links: links() });
    expect(eventRequests()).toHaveLength(0);
    const file = join(home, "run-tokens.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toContain(TOKEN);
  });

  it("run --async says so when it cannot keep the token, and names it in the way back", async () => {
    // A file where the token folder would be: nothing can be written under it.
    writeFileSync(join(home, "blocker"), "");
    const blocked = join(home, "blocker", "agentgate");
    const result = await runCli([...startArgs, "--async"], {
      env: { AGENTGATE_GATEWAY_URL: base, AGENTGATE_HOME: blocked },
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /^the run's access token was not kept \(.+\): later commands need --token$/m,
    );
    expect(result.stderr).toContain(`follow it: agentgate watch -x ${TX} --token ${TOKEN}\n`);
  });

  it("watch follows the run with the kept token and prints it as run does", async () => {
    const result = await cli(["watch", "-x", TX]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("progress 1/3 (33%) second 1\n");
    expect(result.stdout).toContain("status       completed");
    expect(eventRequests()[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("result prints a completed run; one still working says so and exits 6", async () => {
    const done = jsonResult(await cli(["result", "-x", TX, "--json"]), runJson);
    expect(done.result).toEqual({ seconds: 3, report: "done" });
    state = "working";
    const working = await cli(["result", "-x", TX]);
    expect(working.code).toBe(6);
    expect(working.stdout).toContain("status       working");
    expect(working.stderr).toMatch(/is still working: agentgate watch -x tx-slow-1 follows it/);
  });

  it("cancel-run prints the state after; a refusal prints the gateway's money rule and exits 5", async () => {
    const canceled = jsonResult(
      await cli(["cancel-run", "-x", TX, "--json"]),
      runStatusResponseSchema,
    );
    expect(canceled.status).toBe("canceled");
    expect(seen.at(-1)).toMatchObject({ method: "POST", path: `/api/runs/${TX}/cancel` });
    cancelAnswer = {
      status: 409,
      body: {
        success: false,
        error: "A paid run that started cannot be canceled",
        code: "run_not_cancelable",
      },
    };
    expectFailure(
      await cli(["cancel-run", "-x", TX]),
      5,
      /A paid run that started cannot be canceled \(HTTP 409\)/,
    );
  });

  it("without a kept token uses --token, or the key's caller proof, or says what is missing", async () => {
    const other = mkdtempSync(join(tmpdir(), "agentgate-runs-empty-"));
    const env = { AGENTGATE_GATEWAY_URL: base, AGENTGATE_HOME: other };
    expectFailure(await runCli(["result", "-x", TX], { env }), 2, /no access token kept for run/);
    expect((await runCli(["result", "-x", TX, "--token", TOKEN], { env })).code).toBe(0);
    expect(seen.at(-2)?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect((await runCli(["result", "-x", TX, "-p", KEY], { env })).code).toBe(0);
    expect(seen.at(-2)?.headers).toMatchObject({
      "x-agentgate-caller-signature": expect.any(String),
    });
    rmSync(other, { recursive: true, force: true });
  });

  it("Ctrl-C while watching leaves the run alone and says how to come back to it, exit 130", async () => {
    const result = await cli(startArgs, {
      interruptWhen: (stderr) => stderr.includes("progress 1/3"),
    });
    expect(result.code).toBe(130);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(`interrupted: run ${TX} goes on at the gateway`);
    expect(result.stderr).toContain(`agentgate watch -x ${TX}`);
    expect(result.stderr).toContain(`agentgate cancel-run -x ${TX}`);
    expect(seen.some((r) => r.path.endsWith("/cancel"))).toBe(false);
  });
});
