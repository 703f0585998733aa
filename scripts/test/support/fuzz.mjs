// A seeded fuzz of malformed HTTP requests against the local stack's gateway, agents and devnode
// (issue 13, door 10): bad methods, paths with odd escapes, huge and odd headers, bad JSON, wrong
// content types, oversize and chunked bodies, aborted and stalled uploads. Requests are written
// raw over node:net (fetch would refuse most of them). Every request is drawn from the seed alone,
// so a failure is reproduced by its seed and index, printed with the request.
//
// A finding: any 5xx, an answer that is not JSON (but the HTML of /docs), a stack trace or file
// path in a body, a connection closed without an answer, or a /health that stops answering; a
// HEAD answered with a body; a devnode refusal not in the Aptos node's `{message, error_code}`;
// an execute that an agent or its data stopped answered outside SPEC's failed run
// (`transactionId`, `status: "failed"`), and a caller's data (lone surrogates in keys and values)
// answered as an agent fault (issue 20, items 7 and 8).
//
//   node scripts/test/support/fuzz.mjs --seed 7 --requests 10000 \
//     --target gateway=http://127.0.0.1:8787 --target ledger=http://127.0.0.1:8080 \
//     --target agent=http://127.0.0.1:PORT
import { connect } from "node:net";
import { parseArgs } from "node:util";

/** mulberry32: a small deterministic PRNG; enough for choosing fuzz cases. */
export function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  const pick = (list) => list[int(list.length)];
  return { next, int, pick, chance: (p) => next() < p };
}

const ADDRESS = `0x${"ab".repeat(32)}`;
const HASH = `0x${"cd".repeat(32)}`;
const TX = "0190f8a2-7c3e-7abc-8def-0123456789ab";

/** Each kind of target's routes, `:x` marking a path parameter to fill. */
export const ROUTES = {
  gateway: [
    ["GET", "/health"],
    ["POST", "/api/execute/:process"],
    ["POST", "/api/payment"],
    ["GET", "/api/payment/verify/:process/:address"],
    ["GET", "/api/process/:process"],
    ["GET", "/api/processes"],
    ["GET", "/api/logs/:process/:tx"],
    ["POST", "/mcp"],
    // A2A (docs/gateway.md, "A2A"): the card, the listing, JSON-RPC and HTTP+JSON.
    ["GET", "/a2a"],
    ["GET", "/a2a/:process/.well-known/agent-card.json"],
    ["POST", "/a2a/:process"],
    ["POST", "/a2a/:process/message:send"],
    ["POST", "/a2a/:process/message:stream"],
    ["GET", "/a2a/:process/tasks/:tx"],
    ["POST", "/a2a/:process/tasks/:tx:cancel"],
    ["GET", "/openapi.json"],
    ["GET", "/docs"],
  ],
  agent: [
    ["GET", "/health"],
    ["GET", "/info"],
    ["POST", "/execute"],
    ["GET", "/logs/:tx"],
  ],
  ledger: [
    ["GET", "/v1"],
    ["GET", "/v1/estimate_gas_price"],
    ["GET", "/v1/accounts/:address"],
    ["GET", "/v1/accounts/:address/module/:name"],
    ["GET", "/v1/accounts/:address/balance/:asset"],
    ["GET", "/v1/accounts/:address/resource/:type"],
    ["POST", "/v1/transactions"],
    ["POST", "/v1/transactions/batch"],
    ["POST", "/v1/transactions/simulate"],
    ["GET", "/v1/transactions/by_hash/:hash"],
    ["POST", "/v1/view"],
    ["POST", "/v1/graphql"],
    ["POST", "/fund"],
    ["POST", "/mint"],
    ["POST", "/dev/clock/advance"],
  ],
};

/**
 * Processes the hostile-clients test registers: the example agents' (served), one the echo agent
 * refuses (registered by an owner it does not serve) and one whose agent cannot be reached.
 */
export const SERVED_PROCESSES = ["echo", "text-stats", "json-transform"];
export const AGENTLESS_PROCESSES = ["unserved", "unreachable"];

const PARAMS = {
  process: [...SERVED_PROCESSES, ...AGENTLESS_PROCESSES, "no-such", "ECHO", "a".repeat(200)],
  address: [ADDRESS, "0x1", "0x", "zz", `0x${"f".repeat(70)}`],
  tx: [TX, "x", "0".repeat(300)],
  name: ["agent_platform", "coin", "x"],
  asset: ["0x1::aptos_coin::AptosCoin", "0xa", "0x1::nope::X"],
  type: ["0x1::account::Account", "0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>", "x"],
  hash: [HASH, "0x12", "zz"],
};

/** Path segments that stress decoding: double escapes, overlong UTF-8, NUL, traversal. */
const ODD_SEGMENTS = [
  "%25zz",
  "%25",
  "%",
  "%C0",
  "%C0%AF",
  "%ff",
  "%00",
  "%2e%2e",
  "..%2f..%2f",
  "%E2%80%AE",
  "a%2Fb",
  "%u0041",
  "%%%",
  "é",
  "\u0000",
  "..",
  "~",
  "x".repeat(3000),
];

const QUERIES = [
  "",
  "?",
  "?a=%zz",
  "?tags=%25zz",
  "?limit=-1",
  "?limit=99999999999999999999",
  "?offset=abc&limit=1e3",
  "?tag=a&tag=b&tag=c",
  "?x[]=1&x[y]=2",
  `?q=${"a".repeat(5000)}`,
];

/**
 * Execute `data` as raw JSON text: lone surrogates (escaped, as a client's JSON carries them) in
 * keys and values, nested and beside a valid pair, and data the example agents' schemas refuse
 * or take.
 */
const EXECUTE_DATA = [
  '{"\\ud800":null}',
  '{"text":"\\udc00"}',
  '{"k\\udbff":"v\\ud800w","text":"x"}',
  '{"document":{"\\udfff":["\\ud83d"]},"select":["\\ud800"]}',
  '{"text":"\\ud83d\\ude00 fine"}',
  '{"text":"hello"}',
  "{}",
  '{"text":5}',
  '{"document":{"a":1},"select":["a"]}',
];

/** True when raw JSON text carries an escaped surrogate (paired or not). */
const SURROGATE = /\\ud[89a-f][0-9a-f]{2}/i;

/**
 * Targets that Node's HTTP parser refuses (raw bytes, a space, controls) and ones it passes on
 * with bad escapes, for HEAD: the answer must have no body (a keep-alive client would read one as
 * the start of its next answer).
 */
const MALFORMED_TARGETS = [
  "/%",
  "//..%zz",
  "/%zz",
  "/\u00e9",
  "/a b",
  "/\u0001",
  "/\u007f",
  "*",
  "/health%",
];

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "FOO", "get", "TRACE"];

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=utf-16",
  "text/plain",
  "multipart/form-data; boundary=xyz",
  "application/x-www-form-urlencoded",
  "application/octet-stream",
  "application/json, text/plain",
  "",
  "json",
  "application/jsonx",
];

function deepNest(depth) {
  return `${"[".repeat(depth)}${"]".repeat(depth)}`;
}

/** JSON-looking bodies with wrong shapes, types and sizes, and bodies that are not JSON at all. */
function bodyCase(r, route) {
  const objects = [
    {},
    { input: {} },
    { input: { text: "hi" }, userAddress: ADDRESS },
    { input: null, userAddress: "zz" },
    { input: "x".repeat(r.int(3000)), taskId: 5 },
    { processId: "echo", taskId: "t", amount: "-1", signature: "zz" },
    { address: ADDRESS, amount: 1 },
    { address: ADDRESS, amount: "99999999999999999999999" },
    { function: "0x1::coin::balance", type_arguments: [], arguments: [] },
    { seconds: -5 },
    { seconds: 1e308 },
    { transactionId: TX, processId: "echo", input: { a: [1, 2, { b: null }] } },
    { __proto__: { polluted: true }, constructor: { prototype: { x: 1 } } },
    { query: "{ __schema { types { name } } }" },
    { sender: ADDRESS, payload: { type: "entry_function_payload" }, signature: {} },
    // MCP (docs/mcp.md): JSON-RPC with wrong params, payments and batches.
    { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo", arguments: "x" } },
    {
      jsonrpc: "2.0",
      id: "a",
      method: "tools/call",
      params: {
        name: "echo",
        _meta: { "x402/payment": { x402Version: 2, payload: { signedTransaction: "0x00" } } },
      },
    },
    [
      { jsonrpc: "2.0", id: 2, method: "tools/list", params: { cursor: 7 } },
      { jsonrpc: "2.0", method: "x" },
    ],
    { jsonrpc: "2.0", id: 3, method: "initialize", params: { protocolVersion: 5 } },
    // MCP tasks (docs/mcp.md, "Tasks"): forged task ids and bad task params.
    {
      jsonrpc: "2.0",
      id: 4,
      method: "tasks/get",
      params: { taskId: `${TX}:agr_${"0".repeat(64)}` },
    },
    { jsonrpc: "2.0", id: 5, method: "tasks/cancel", params: { taskId: 7 } },
    { jsonrpc: "2.0", id: 6, method: "tools/call", params: { name: "echo", task: "x" } },
    // A2A: 1.0 and 0.3 JSON-RPC, HTTP+JSON bodies, parts the SDK's decoder trips on, payments.
    {
      jsonrpc: "2.0",
      id: 4,
      method: "SendMessage",
      params: { message: { messageId: "m", role: "ROLE_USER", parts: [{ data: { text: "hi" } }] } },
    },
    {
      jsonrpc: "2.0",
      id: 5,
      method: "SendStreamingMessage",
      params: { message: { parts: [null] } },
    },
    { jsonrpc: "2.0", id: 6, method: "GetTask", params: { id: TX } },
    {
      jsonrpc: "2.0",
      id: 7,
      method: "message/send",
      params: { message: { kind: "message", parts: 5 } },
    },
    { message: { messageId: "m", parts: [{ text: "hi" }, { data: [] }, { url: 7 }] } },
    {
      message: {
        taskId: "t",
        parts: [{ data: {} }],
        metadata: {
          "x402.payment.status": "payment-submitted",
          "x402.payment.payload": { x402Version: 2, payload: { signedTransaction: "0x00" } },
        },
      },
    },
  ];
  switch (r.int(14)) {
    case 0:
      return "";
    case 1:
      return "{";
    case 2:
      return "null";
    case 3:
      return "[]";
    case 4:
      return "123456789012345678901234567890";
    case 5:
      return deepNest(1 + r.int(20_000));
    case 6:
      return '{"a":"\\ud800"}';
    case 7:
      return Buffer.from(Array.from({ length: 1 + r.int(512) }, () => r.int(256)));
    case 8:
      // Over the 1 MiB limit of every route.
      return `{"input":"${"x".repeat(1024 * 1024 + r.int(64 * 1024))}"}`;
    case 9:
      return `{"input":{${Array.from({ length: 2000 }, (_, i) => `"k${i}":${i}`).join(",")}}}`;
    case 10:
      return JSON.stringify(r.pick(objects)).replace("}", ',"extra":}');
    default: {
      const base = r.pick(objects);
      return route?.[1].includes("execute") && r.chance(0.5)
        ? JSON.stringify({ ...base, input: base.input ?? { text: "fuzz" } })
        : JSON.stringify(base);
    }
  }
}

// A parameter is a whole segment (`/:x`): A2A's `message:send` and `tasks/:tx:cancel` keep theirs.
function fillPath(r, template) {
  return template.replace(
    /\/:(\w+)/g,
    (_, name) =>
      `/${r.chance(0.25) ? r.pick(ODD_SEGMENTS) : encodeURIComponent(r.pick(PARAMS[name] ?? ["x"]))}`,
  );
}

function mutatePath(r, path) {
  switch (r.int(10)) {
    case 0:
      return `${path}/`;
    case 1:
      return `/${r.pick(ODD_SEGMENTS)}${path}`;
    case 2:
      return path.replace(/\//g, "//");
    case 3:
      return `${path}/${r.pick(ODD_SEGMENTS)}`;
    case 4:
      return `/${r.pick(ODD_SEGMENTS)}`;
    case 5:
      return path.toUpperCase();
    default:
      return path;
  }
}

/**
 * The i-th request of a seed for one kind of target: {kind, method, path, headers[], body, mode}
 * where mode is "normal", "chunked", "abort" (part of the body, then the client goes away) or
 * "stall" (part of the body, then nothing).
 */
export function fuzzCase(seed, index, kinds) {
  const r = prng((seed * 1_000_003 + index * 7919) >>> 0);
  const kind = r.pick(kinds);
  const route = r.pick(ROUTES[kind]);
  const method = r.chance(0.75) ? route[0] : r.pick(METHODS);
  let path = mutatePath(r, fillPath(r, route[1]));
  if (r.chance(0.3)) path += r.pick(QUERIES);
  const headers = [];
  if (r.chance(0.85)) headers.push(["Content-Type", r.pick(CONTENT_TYPES)]);
  if (r.chance(0.1)) headers.push(["Idempotency-Key", r.pick(["k", "\u007f", "x".repeat(300)])]);
  if (r.chance(0.05)) headers.push(["X-Big", "h".repeat(r.pick([4_000, 20_000, 70_000]))]);
  if (r.chance(0.05)) {
    for (let i = 0; i < 150; i++) headers.push([`X-Many-${i}`, String(i)]);
  }
  if (r.chance(0.05)) headers.push(["Content-Encoding", r.pick(["gzip", "br", "x"])]);
  if (r.chance(0.05)) headers.push(["Expect", "100-continue"]);
  if (r.chance(0.05)) headers.push(["Authorization", r.pick(["Bearer x", "\t", "Basic ////"])]);
  if (r.chance(0.05))
    headers.push(["X-Agentgate-Signature", r.pick(["", "zz", `0x${"0".repeat(128)}`])]);
  if (r.chance(0.05)) headers.push(["Accept", r.pick(["text/html", "*/*;q=x", "application/xml"])]);
  // A2A routes: mostly 1.0 (the HTTP+JSON binding has no 0.3), sometimes a version nobody speaks.
  if (route[1].startsWith("/a2a") && r.chance(0.8)) {
    headers.push(["A2A-Version", r.pick(["1.0", "1.0", "1.0", "0.3", "9", ""])]);
  }
  const wantsBody = method !== "GET" && method !== "HEAD" ? r.chance(0.9) : r.chance(0.1);
  let body = wantsBody ? bodyCase(r, route) : "";
  // Half the executes carry a well-formed body whose data is drawn from EXECUTE_DATA.
  if (kind === "gateway" && route[1].includes("execute") && r.chance(0.5)) {
    body = `{"userAddress":"${ADDRESS}","data":${r.pick(EXECUTE_DATA)}}`;
  }
  if (r.chance(0.03)) {
    return {
      seed,
      index,
      kind,
      method: "HEAD",
      path: r.pick(MALFORMED_TARGETS),
      headers: [],
      body: "",
      mode: "normal",
    };
  }
  const roll = r.next();
  const mode =
    roll < 0.02 ? "abort" : roll < 0.0035 + 0.02 ? "stall" : roll < 0.15 ? "chunked" : "normal";
  return { seed, index, kind, method, path, headers, body, mode };
}

/** The request as text, shortened, for a failure message. */
export function describeCase(c) {
  const body = typeof c.body === "string" ? c.body : `<${c.body.length} random bytes>`;
  const short = (s, n) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);
  return [
    `seed ${c.seed} case ${c.index} (${c.kind}, ${c.mode})`,
    `${c.method} ${short(c.path, 200)}`,
    ...c.headers.map(([k, v]) => `${k}: ${short(v, 80)}`),
    `body: ${short(JSON.stringify(body), 300)}`,
  ].join("\n  ");
}

/** Bytes of a request: head with the headers as drawn, then the body framed as its mode says. */
function encode(c, host) {
  const body = typeof c.body === "string" ? Buffer.from(c.body, "utf8") : c.body;
  const lines = [`${c.method} ${c.path} HTTP/1.1`, `Host: ${host}`, "Connection: close"];
  for (const [k, v] of c.headers) lines.push(`${k}: ${v}`);
  if (c.mode === "chunked") {
    lines.push("Transfer-Encoding: chunked");
    const chunks = [];
    for (let i = 0; i < body.length; i += 4096) {
      const part = body.subarray(i, i + 4096);
      chunks.push(Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from("\r\n"));
    }
    chunks.push(Buffer.from("0\r\n\r\n"));
    return { head: Buffer.from(`${lines.join("\r\n")}\r\n\r\n`), body: Buffer.concat(chunks) };
  }
  if (c.mode === "abort" || c.mode === "stall") {
    lines.push(`Content-Length: ${body.length + 1000}`);
  } else if (body.length > 0 || c.method === "POST") {
    lines.push(`Content-Length: ${body.length}`);
  }
  return { head: Buffer.from(`${lines.join("\r\n")}\r\n\r\n`), body };
}

/** Status, headers and body of a raw HTTP/1.1 answer (Connection: close, so read to the end). */
export function parseAnswer(input) {
  let raw = input;
  // Interim answers (100 Continue) come before the real one.
  while (/^HTTP\/1\.[01] 1\d\d /.test(raw.subarray(0, 16).toString("latin1"))) {
    const interim = raw.indexOf("\r\n\r\n");
    if (interim < 0) return undefined;
    raw = raw.subarray(interim + 4);
  }
  const end = raw.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const head = raw.subarray(0, end).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0] ?? "")?.[1]);
  if (!Number.isInteger(status)) return undefined;
  const headers = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(end + 4);
  if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
    const parts = [];
    let at = 0;
    while (at < body.length) {
      const eol = body.indexOf("\r\n", at);
      if (eol < 0) break;
      const size = Number.parseInt(body.subarray(at, eol).toString("latin1"), 16);
      if (!Number.isFinite(size) || size === 0) break;
      parts.push(body.subarray(eol + 2, eol + 2 + size));
      at = eol + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return { status, headers, body: body.toString("utf8") };
}

/** Sends one case to origin; resolves with the parsed answer, or {error} when none came. */
export function send(c, origin, { stallMs = 15_000, timeoutMs = 30_000 } = {}) {
  const url = new URL(origin);
  const { head, body } = encode(c, url.host);
  return new Promise((done) => {
    const socket = connect(Number(url.port), url.hostname);
    const received = [];
    let settled = false;
    const finish = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      done(result);
    };
    const timer = setTimeout(
      () => finish({ error: "no answer in time" }),
      c.mode === "stall" ? stallMs : timeoutMs,
    );
    socket.on("data", (chunk) => {
      received.push(chunk);
      // A complete answer with a length ends the exchange without waiting for the close.
      const answer = parseAnswer(Buffer.concat(received));
      const length = Number(answer?.headers["content-length"]);
      if (answer && Number.isInteger(length) && Buffer.byteLength(answer.body) >= length) {
        finish(answer);
      }
    });
    // Half-closed by the server after its answer: the answer is complete.
    socket.on("close", () => {
      const answer = parseAnswer(Buffer.concat(received));
      finish(answer ?? { error: "closed without an answer" });
    });
    socket.on("error", (error) => {
      const answer = parseAnswer(Buffer.concat(received));
      finish(answer ?? { error: error.code ?? error.message });
    });
    socket.on("end", () => {
      const answer = parseAnswer(Buffer.concat(received));
      finish(answer ?? { error: "closed without an answer" });
    });
    socket.on("connect", () => {
      socket.write(head);
      if (c.mode === "abort") {
        socket.write(body.subarray(0, Math.min(body.length, 2)));
        // The client goes away mid-upload; there is no answer to wait for.
        setTimeout(() => finish({ aborted: true }), 5);
        return;
      }
      if (c.mode === "stall") {
        socket.write(body.subarray(0, Math.min(body.length, 2)));
        return;
      }
      // As a browser or curl does, stop sending once an answer comes (a 413 or 404 before the
      // body was read); writing on would only reset the connection the answer is on.
      let at = 0;
      const pump = () => {
        while (at < body.length && received.length === 0 && !settled) {
          const part = body.subarray(at, at + 65_536);
          at += part.length;
          if (!socket.write(part)) {
            socket.once("drain", pump);
            return;
          }
        }
      };
      pump();
    });
  });
}

const STACK_TRACE = /\n\s+at [^\n]+:\d+:\d+|\bat [\w.<>]+ \([^)]*:\d+:\d+\)/;
const FILE_PATH =
  /(?:\/(?:work|home|tmp|usr|src|var|opt|root)\/[\w.@+-]+\/|[\w-]+\.(?:ts|mjs|js):\d+|node_modules)/;

/** JSON, or undefined. */
function parsed(body) {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** A devnode refusal must be the Aptos node's error body (docs/aptos-node-api.md). */
function devnodeShapeProblem(status, body) {
  const json = parsed(body);
  if (typeof json?.message === "string" && typeof json?.error_code === "string") return undefined;
  return `devnode answered ${status} outside the Aptos node's {message, error_code}: ${body.slice(0, 200)}`;
}

/**
 * What SPEC's execute table allows (SPEC.md, "Errors"; docs/gateway.md, "Execute"): a run the
 * agent or its data stopped is the failed run with a transactionId; a caller's data (a lone
 * surrogate in it) is never an agent fault on a process whose agent works.
 */
function executeShapeProblem(c, status, body) {
  const json = parsed(body);
  if (json === undefined || status < 400) return undefined;
  const processId = /^\/api\/execute\/([^/?]+)$/.exec(c.path.split("?")[0])?.[1];
  const issues = Array.isArray(json.details?.issues) ? json.details.issues : [];
  const dataIssue = issues.some((i) => /^body\.data[.[]/.test(String(i?.path)));
  const stoppedRun =
    json.code === "agent_failed" ||
    json.code === "agent_unavailable" ||
    (json.code === "validation_failed" && dataIssue) ||
    json.status === "failed";
  if (stoppedRun && (json.status !== "failed" || typeof json.transactionId !== "string")) {
    return `execute answered ${status} ${json.code} outside SPEC's failed run (transactionId, status "failed"): ${body.slice(0, 300)}`;
  }
  const surrogateData = typeof c.body === "string" && SURROGATE.test(c.body);
  if (surrogateData && SERVED_PROCESSES.includes(processId) && json.code === "agent_unavailable") {
    return `a caller's data with surrogates answered as an agent fault: ${body.slice(0, 300)}`;
  }
  return undefined;
}

/** What is wrong with one answer, or undefined when it is fine. */
export function judge(c, answer) {
  if (answer.aborted) return undefined;
  if (answer.error) return `no answer: ${answer.error}`;
  const { status, headers, body } = answer;
  // The logs route answers 502 when the process's agent cannot be asked (docs/gateway.md, "Agent
  // calls"); the fuzz registers processes whose agent refuses or is missing. (A HEAD's answer has
  // no body to say so.)
  // As the server reads it: `/..`, `/docs/..` and the like are `/`.
  const pathname = URL.canParse(c.path, "http://fuzz")
    ? new URL(c.path, "http://fuzz").pathname
    : c.path;
  const agentLogs =
    c.kind === "gateway" &&
    /^\/api\/logs\//.test(pathname) &&
    (c.method === "HEAD" || parsed(body)?.code === "agent_unavailable");
  if (status >= 500 && !(status === 502 && agentLogs)) {
    return `answered ${status}: ${body.slice(0, 300)}`;
  }
  // A 408 is exempt: it answers a head that did not arrive in time, whose method is unknown.
  if (c.method === "HEAD" && body.length > 0 && status !== 408) {
    return `HEAD answered ${status} with a body: ${body.slice(0, 200)}`;
  }
  // The indexer stub answers GraphQL's `{errors}`, as the indexer API it stands in for does.
  const graphql = /\/v1\/graphql/.test(c.path);
  if (c.kind === "ledger" && status >= 400 && c.method !== "HEAD" && !graphql) {
    const problem = devnodeShapeProblem(status, body);
    if (problem) return problem;
  }
  if (c.kind === "gateway" && c.path.startsWith("/api/execute/")) {
    const problem = executeShapeProblem(c, status, body);
    if (problem) return problem;
  }
  // The API reference page is HTML by design, and it inlines a third-party UI bundle whose code
  // holds strings shaped like paths and frames: what it may not be is a 5xx (checked above).
  const isDocs =
    c.kind === "gateway" &&
    /docs/i.test(c.path) &&
    status < 300 &&
    /^text\/html/.test(headers["content-type"] ?? "");
  if (isDocs) return undefined;
  // The console (docs/console.md) is a page, its script and its stylesheet by design, and `/`
  // leads to it with a redirect: what they may not be is a 5xx (checked above); their errors are
  // JSON like every other route's.
  const isConsole =
    c.kind === "gateway" &&
    (pathname === "/" || pathname === "/console" || pathname.startsWith("/console/")) &&
    status < 400;
  if (isConsole) return undefined;
  // A2A's streaming methods answer Server-Sent Events (docs/gateway.md, "A2A").
  const isA2aStream =
    c.kind === "gateway" &&
    pathname.startsWith("/a2a/") &&
    status === 200 &&
    /^text\/event-stream/.test(headers["content-type"] ?? "");
  if (isA2aStream) return undefined;
  if (STACK_TRACE.test(body)) return `stack trace in the body: ${body.slice(0, 300)}`;
  if (FILE_PATH.test(body)) return `file path in the body: ${body.slice(0, 300)}`;
  const bodiless = c.method === "HEAD" || status === 204 || status === 304 || status === 101;
  if (bodiless) return undefined;
  if (!/json/i.test(headers["content-type"] ?? "")) {
    return `answered ${status} with content-type ${headers["content-type"] ?? "(none)"}: ${body.slice(0, 200)}`;
  }
  try {
    JSON.parse(body);
  } catch {
    return `answered ${status} with a body that is not JSON: ${body.slice(0, 200)}`;
  }
  return undefined;
}

/** True when every origin's /health answers 200 within timeoutMs. */
export async function allHealthy(origins, timeoutMs = 1000) {
  const results = await Promise.all(
    origins.map(async (origin) => {
      const health = origin.kind === "ledger" ? "/v1" : "/health";
      try {
        const response = await fetch(`${origin.url}${health}`, {
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.body?.cancel();
        return response.ok ? undefined : `${origin.url}${health} answered ${response.status}`;
      } catch (error) {
        return `${origin.url}${health} did not answer within ${timeoutMs} ms (${error.name})`;
      }
    }),
  );
  return results.filter(Boolean);
}

/**
 * Runs `requests` cases of `seed` against targets [{kind, url}] with `concurrency` in flight,
 * checking every target's /health between batches. Resolves with {findings, counts, ms}; stops
 * early after maxFindings or when the deadline passes (counts say how far it got).
 */
export async function runFuzz({
  seed,
  requests,
  targets,
  concurrency = 16,
  batch = 500,
  maxFindings = 20,
  deadlineMs = 120_000,
  stallMs,
  timeoutMs = 10_000,
}) {
  const kinds = [...new Set(targets.map((t) => t.kind))].sort();
  const byKind = Object.fromEntries(kinds.map((k) => [k, targets.filter((t) => t.kind === k)]));
  const findings = [];
  const counts = { sent: 0, byStatus: {}, byMode: {}, slow: [] };
  const started = Date.now();
  for (let from = 0; from < requests; from += batch) {
    if (Date.now() - started > deadlineMs || findings.length >= maxFindings) break;
    let next = from;
    const until = Math.min(requests, from + batch);
    const worker = async () => {
      while (next < until && findings.length < maxFindings) {
        const index = next++;
        const c = fuzzCase(seed, index, kinds);
        const list = byKind[c.kind];
        const target = list[index % list.length];
        const began = Date.now();
        const answer = await send(c, target.url, { stallMs, timeoutMs });
        const took = Date.now() - began;
        if (c.mode !== "stall" && took > 3_000)
          counts.slow.push(`${c.kind} case ${index}: ${took} ms`);
        counts.sent++;
        counts.byMode[c.mode] = (counts.byMode[c.mode] ?? 0) + 1;
        const key = answer.status ?? (answer.aborted ? "aborted" : "none");
        counts.byStatus[key] = (counts.byStatus[key] ?? 0) + 1;
        const problem = judge(c, answer);
        if (problem) findings.push(`${target.url}: ${problem}\n  ${describeCase(c)}`);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const down = await allHealthy(targets);
    if (down.length > 0) {
      findings.push(`after case ${until - 1} of seed ${seed}: ${down.join("; ")}`);
      break;
    }
  }
  return { findings, counts, ms: Date.now() - started };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      seed: { type: "string", default: String(Date.now() % 1_000_000) },
      requests: { type: "string", default: "10000" },
      concurrency: { type: "string", default: "16" },
      target: { type: "string", multiple: true, default: [] },
    },
  });
  const targets = values.target.map((t) => {
    const [kind, url] = t.split("=");
    if (!ROUTES[kind] || !url)
      throw new Error(`--target KIND=URL with KIND one of ${Object.keys(ROUTES)}`);
    if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\]):\d+$/.test(url)) {
      throw new Error(`only loopback targets: ${url}`);
    }
    return { kind, url };
  });
  const result = await runFuzz({
    seed: Number(values.seed),
    requests: Number(values.requests),
    concurrency: Number(values.concurrency),
    targets,
    maxFindings: 50,
  });
  console.log(JSON.stringify({ seed: Number(values.seed), ms: result.ms, counts: result.counts }));
  for (const finding of result.findings) console.log(`FINDING ${finding}`);
  process.exitCode = result.findings.length > 0 ? 1 : 0;
}
