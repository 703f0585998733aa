import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_BATCH_TRANSACTIONS } from "#shared/ledger/transaction-batch";
import { NodeError } from "../node/errors.js";

/** Aptos' maximum transaction size; no request body the devnode accepts is larger. */
export const MAX_BODY_BYTES = 64 * 1024;

/** A batch holds at most MAX_BATCH_TRANSACTIONS transactions of the single-submit size limit. */
export const MAX_BATCH_BODY_BYTES = MAX_BODY_BYTES * MAX_BATCH_TRANSACTIONS;

/** The largest body a path accepts: the batch route takes a batch, every other one a transaction. */
export function bodyLimitFor(path: string): number {
  return path === "/v1/transactions/batch" ? MAX_BATCH_BODY_BYTES : MAX_BODY_BYTES;
}

/**
 * Hono's bodyLimit with the path's limit, in the Worker and in the devnode object, before any route
 * reads the body: a declared Content-Length over the limit is refused unread, a chunked body once
 * it passes the limit, so a client cannot make the devnode hold more than the limit in memory. GET
 * and HEAD bodies are never read (no route takes one), so they are left alone rather than refused.
 */
export const requestBodyLimit: MiddlewareHandler = (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  const limit = bodyLimitFor(c.req.path);
  return bodyLimit({
    maxSize: limit,
    onError: () => {
      throw tooLarge(limit);
    },
  })(c, next);
};

/** The body's bytes; requestBodyLimit has refused any body over the path's limit before this. */
async function readBytes(request: Request): Promise<Uint8Array> {
  return new Uint8Array(await request.arrayBuffer());
}

export const tooLarge = (limit: number) =>
  new NodeError(413, "invalid_input", `request body is larger than ${limit} bytes`);

/** A BCS body; the content type must say so, as the node's content negotiation requires. */
export async function readBcs(request: Request, contentType: string): Promise<Uint8Array> {
  const given = request.headers.get("content-type") ?? "";
  if (!given.startsWith(contentType)) {
    throw new NodeError(
      415,
      "unsupported_media_type",
      `content-type must be ${contentType} (the devnode accepts BCS submissions only)`,
    );
  }
  return readBytes(request);
}

/** A JSON body, parsed but not yet validated (callers validate with zod). */
export async function readJson(request: Request): Promise<unknown> {
  const text = new TextDecoder().decode(await readBytes(request));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw NodeError.invalidInput("body: not valid JSON");
  }
}
