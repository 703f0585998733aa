import type { MiddlewareHandler } from "hono";
import { NodeError } from "./node/errors.js";
import { bodyLimitFor } from "./routes/body.js";

/**
 * Why the Worker reads every request body to the end itself, rather than leaving it to the
 * routes: workerd closes a keep-alive connection whose request body was not read to the end and
 * strips a Worker's `Connection: close`, so a 404, 413 or 415 that left its body unread cost the
 * client's next request on that connection an ECONNRESET. This reader hands the body on with a
 * deadline (a body that stalls is cut off with a 408) and, once the answer is known, reads and
 * discards what is left, up to DRAIN_BYTES past the limit. It does not judge the size: Hono's
 * bodyLimit does (routes/body.ts), in the Worker and again in the devnode object.
 */

/** After a body passes the limit, this much more is read and discarded to keep the connection. */
export const DRAIN_BYTES = 1024 * 1024;

/** A body not complete after this long is refused with 408 (slow or stalled uploads). */
export const BODY_TIMEOUT_MS = 10_000;

/** A test or the local stack may shorten the body timeout (BODY_TIMEOUT_MS, milliseconds). */
function bodyTimeoutMs(env: LedgerEnv): number {
  const value = Number((env as { BODY_TIMEOUT_MS?: string }).BODY_TIMEOUT_MS);
  return Number.isInteger(value) && value > 0 ? value : BODY_TIMEOUT_MS;
}

const notInTime = () => new NodeError(408, "invalid_input", "request body not received in time");

/**
 * One request body read chunk by chunk against one deadline, counting what it read. The deadline
 * cancels the reader, which ends a pending read, rather than racing every read against a timer
 * promise: that race was a measurable share of a request's CPU in the devnode's Worker
 * (docs/benchmarks.md, "Profiling the devnode under paid runs").
 */
class TimedBody {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly timer: ReturnType<typeof setTimeout>;
  private timedOut = false;
  private done = false;
  bytesRead = 0;

  constructor(body: ReadableStream<Uint8Array>, timeoutMs: number) {
    this.reader = body.getReader();
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.reader.cancel().catch(() => undefined);
    }, timeoutMs);
  }

  /** The next chunk, or null at the end; throws the 408 (body cancelled) once the deadline passed. */
  async next(): Promise<Uint8Array | null> {
    if (this.done) return null;
    const next = await this.reader.read().catch((error: unknown) => {
      if (this.timedOut) return { done: true as const, value: undefined };
      throw error;
    });
    if (this.timedOut) {
      this.done = true;
      throw notInTime();
    }
    if (next.done) {
      this.done = true;
      return null;
    }
    this.bytesRead += next.value.length;
    return next.value;
  }

  /** The rest of the body, read whole. */
  async readAll(): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (let chunk = await this.next(); chunk !== null; chunk = await this.next()) {
      chunks.push(chunk);
      size += chunk.length;
    }
    if (chunks.length === 1 && chunks[0] !== undefined) return chunks[0];
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    return bytes;
  }

  /** The body as a stream for the routes, pulled only as they read (nothing read ahead). */
  stream(): ReadableStream<Uint8Array> {
    return new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          try {
            const chunk = await this.next();
            if (chunk === null) controller.close();
            else controller.enqueue(chunk);
          } catch (error) {
            controller.error(error);
          }
        },
      },
      { highWaterMark: 0 },
    );
  }

  /**
   * Reads and discards the rest while the whole body stays within `budget` bytes; cancels it
   * (the connection then closes) past the budget, or at once when its declared length is over it.
   */
  async drain(budget: number, declared: number): Promise<void> {
    if (declared > budget) return this.stop();
    while ((await this.next()) !== null) {
      if (this.bytesRead > budget) return this.stop();
    }
  }

  /** Cancels what is left of the body and the deadline. */
  async stop(): Promise<void> {
    this.finish();
    if (this.done) return;
    this.done = true;
    await this.reader.cancel().catch(() => undefined);
  }

  finish(): void {
    clearTimeout(this.timer);
  }
}

/** Bodies of declared length, read by requestBytes once Hono's bodyLimit has checked the header. */
const declaredBodies = new WeakMap<Request, TimedBody>();

/**
 * The Worker's outermost middleware: the request goes on with its body behind a deadline, and
 * after the answer the rest of the body is drained. A chunked body reaches bodyLimit as a stream
 * with the deadline; a body of declared length stays where it is (bodyLimit judges its header) and
 * requestBytes reads it. GET and HEAD bodies are read and dropped first (no route takes one, and a
 * Request cannot carry one).
 */
export const readWholeBody: MiddlewareHandler<{ Bindings: LedgerEnv }> = async (c, next) => {
  const request = c.req.raw;
  if (request.body === null) return next();
  const body = new TimedBody(request.body, bodyTimeoutMs(c.env));
  const budget = bodyLimitFor(c.req.path) + DRAIN_BYTES;
  const length = request.headers.get("content-length");
  const declared = length !== null && !request.headers.has("transfer-encoding");
  try {
    if (request.method === "GET" || request.method === "HEAD") {
      await body.drain(budget, Number(length ?? "0"));
      c.req.raw = new Request(request.url, { method: request.method, headers: request.headers });
      return await next();
    }
    if (declared) declaredBodies.set(request, body);
    else {
      c.req.raw = new Request(request.url, {
        method: request.method,
        headers: request.headers,
        body: body.stream(),
      });
    }
    await next();
    await body.drain(budget, Number(length ?? "0")).catch(() => undefined);
  } finally {
    body.finish();
  }
};

/**
 * The request's body whole, after bodyLimit let it through: a declared body read here within the
 * deadline (reading it through a wrapping stream cost the devnode about a third more CPU per
 * view), a chunked one as bodyLimit buffered it.
 */
export async function requestBytes(request: Request): Promise<Uint8Array | null> {
  const declared = declaredBodies.get(request);
  if (declared !== undefined) return declared.readAll();
  return request.body === null ? null : new Uint8Array(await request.arrayBuffer());
}
