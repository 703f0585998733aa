/**
 * A test-only agent Worker (never deployed) that answers as an attacker would (issue 20, point
 * 2): the gateway must read every answer of it bounded, within a deadline, and stay up.
 *
 * Its behaviour is the first segment of the process's service URL's base path, so each test
 * registers a process per behaviour: `service://HOSTILE_AGENT/<mode>/<key>` makes the gateway
 * call `/<mode>/<key>/info`, `/<mode>/<key>/execute` and `/<mode>/<key>/logs/<id>`. A mode is a
 * behaviour on every route (`endless`), or on one route only (`endless.execute`: the other
 * routes answer as an honest agent without a schema would, so /execute is reached). `<key>` is
 * any fresh segment: requests are counted per `<mode>/<key>` and route in a Durable Object, read
 * back with `GET /_counts/<mode>/<key>`, so a test can assert that the gateway did not ask again;
 * `GET /_last/<mode>/<key>` names the transactionId of its last /execute. Modes `stream-*`
 * answer /execute as a streaming agent would (hostile-streams.ts).
 * Like the counting agent it checks no signature (the agent runtime's tests cover that).
 */
import { AGENT_PROCESS_HEADER } from "#shared/auth/agent-signature";
import { HOSTILE_SCHEMAS } from "./hostile-schemas.js";
import { hostileStream } from "./hostile-streams.js";
import { RequestCounterObject } from "./request-counter-object.js";

export { RequestCounterObject };

type HostileEnv = { REQUEST_COUNTER: DurableObjectNamespace<RequestCounterObject> };

/** Past every cap the gateway documents for an agent answer (docs/gateway.md, "Agent answers"). */
const OVERSIZE_BYTES = 8 * 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;
const DRIP_INTERVAL_MS = 100;
/** Longer than any deadline the gateway gives an agent in the test pool. */
const HANG_MS = 60_000;

const JSON_TYPE = { "content-type": "application/json" };
const encoder = new TextEncoder();

function counter(env: HostileEnv) {
  return env.REQUEST_COUNTER.getByName("requests");
}

/** What an honest agent would answer on this route: a body each schema of shared/ accepts. */
function honestBody(args: { route: string; processId: string; inputSchema?: unknown }): unknown {
  const timestamp = new Date().toISOString();
  if (args.route === "info") {
    return {
      success: true,
      process: { id: args.processId, name: "Hostile" },
      workflows: [],
      uptime: 0,
      timestamp,
      ...(args.inputSchema === undefined ? {} : { inputSchema: args.inputSchema }),
    };
  }
  if (args.route === "execute") {
    return { success: true, result: { ok: true }, executionTime: 0, logs: [] };
  }
  const transactionId = args.route.slice("logs/".length) || "tx";
  return { success: true, transactionId, logs: [], timestamp };
}

/** `{"success":true,"pad":"aaa…"}` of exactly `bytes` bytes: valid JSON, just too big. */
function paddedJson(bytes: number): Uint8Array {
  const head = encoder.encode('{"success":true,"pad":"');
  const tail = encoder.encode('"}');
  const body = new Uint8Array(bytes).fill(0x61);
  body.set(head, 0);
  body.set(tail, bytes - tail.length);
  return body;
}

/** A body streamed in chunks without Content-Length; `total` null never ends. */
function chunkedStream(total: number | null): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(CHUNK_BYTES).fill(0x61);
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('{"success":true,"pad":"'));
    },
    pull(controller) {
      if (total !== null && sent >= total) {
        controller.enqueue(encoder.encode('"}'));
        controller.close();
        return;
      }
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}

/** The start of a JSON object, then one space every DRIP_INTERVAL_MS, forever. */
function dripStream(): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('{"success":true,'));
    },
    async pull(controller) {
      await new Promise((r) => setTimeout(r, DRIP_INTERVAL_MS));
      controller.enqueue(encoder.encode(" "));
    },
  });
}

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** OVERSIZE_BYTES of JSON gzipped to a few KiB, made once per isolate. */
let bomb: Promise<Uint8Array> | null = null;

async function hostileAnswer(args: {
  mode: string;
  route: string;
  processId: string;
}): Promise<Response> {
  const { mode, route, processId } = args;
  switch (mode) {
    case "endless":
      return new Response(chunkedStream(null), { headers: JSON_TYPE });
    case "over-length":
      return new Response(paddedJson(OVERSIZE_BYTES), {
        headers: { ...JSON_TYPE, "content-length": String(OVERSIZE_BYTES) },
      });
    case "over-chunked":
      return new Response(chunkedStream(OVERSIZE_BYTES), { headers: JSON_TYPE });
    case "gzip": {
      bomb ??= gzip(paddedJson(OVERSIZE_BYTES));
      const gzipped = await bomb;
      // "manual": the bytes are already gzip and sent as they are, with their own (small)
      // Content-Length, as an HTTP server would; the reader sees OVERSIZE_BYTES decoded.
      return new Response(gzipped, {
        headers: {
          ...JSON_TYPE,
          "content-encoding": "gzip",
          "content-length": String(gzipped.byteLength),
        },
        encodeBody: "manual",
      });
    }
    case "drip":
      return new Response(dripStream(), { headers: JSON_TYPE });
    case "hang":
      await new Promise((r) => setTimeout(r, HANG_MS));
      return Response.json(honestBody({ route, processId }));
    case "conflict":
      // What an agent answers for a transactionId it is still running (docs/agent.md).
      return Response.json(
        { success: false, error: "transactionId is still running; retry later", code: "conflict" },
        { status: 409 },
      );
    case "invalid-json":
      return new Response('{"success":tru', { headers: JSON_TYPE });
    case "wrong-type":
      return new Response(JSON.stringify(honestBody({ route, processId })), {
        headers: { "content-type": "text/html" },
      });
    default: {
      const streamed = hostileStream(mode);
      if (streamed !== null) return streamed;
      const inputSchema = HOSTILE_SCHEMAS[mode];
      if (inputSchema === undefined)
        return Response.json({ error: `no mode ${mode}` }, { status: 404 });
      return Response.json(honestBody({ route, processId, inputSchema }));
    }
  }
}

export default {
  async fetch(request: Request, env: HostileEnv): Promise<Response> {
    const segments = new URL(request.url).pathname.split("/").slice(1);
    if (request.method === "GET" && segments[0] === "_counts" && segments.length === 3) {
      return Response.json(await counter(env).countsOf(segments.slice(1).join("/")));
    }
    if (request.method === "GET" && segments[0] === "_last" && segments.length === 3) {
      return Response.json(await counter(env).lastTransaction(segments.slice(1).join("/")));
    }
    const [mode, key, ...rest] = segments;
    if (mode === undefined || key === undefined || rest.length === 0) {
      const usage = "GET /_counts/<mode>/<key>, or /<mode>/<key>/<route>";
      return Response.json({ error: usage }, { status: 404 });
    }
    const route = rest.join("/");
    const routeName = rest[0] ?? route;
    await counter(env).record({ base: `${mode}/${key}`, route: routeName });
    if (routeName === "execute") {
      const body: unknown = await request.json().catch(() => null);
      const transactionId = (body as { transactionId?: unknown } | null)?.transactionId;
      if (typeof transactionId === "string") {
        await counter(env).recordTransaction({ base: `${mode}/${key}`, transactionId });
      }
    }
    const processId = request.headers.get(AGENT_PROCESS_HEADER) ?? "hostile";
    const [behaviour = mode, only] = mode.split(".");
    if (only !== undefined && only !== routeName) {
      return Response.json(honestBody({ route, processId }));
    }
    return hostileAnswer({ mode: behaviour, route, processId });
  },
} satisfies ExportedHandler<HostileEnv>;
