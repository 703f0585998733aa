/**
 * The Worker reads every request body itself, within a size and a time limit, before the devnode
 * answers. workerd closes a keep-alive connection whose request body was not read to the end and
 * strips a Worker's `Connection: close`, so a 404 or 415 that left its body unread cost the
 * client's next request on that connection an ECONNRESET. Reading the body first (and discarding
 * a modest excess after a 413) keeps the connection usable; a body that stalls is cut off.
 * The devnode's own limit (routes/body.ts, Hono's bodyLimit) still guards its routes.
 */

/** After a body passes the limit, this much more is read and discarded to keep the connection. */
export const DRAIN_BYTES = 1024 * 1024;

/** A body not complete after this long is refused with 408 (slow or stalled uploads). */
export const BODY_TIMEOUT_MS = 10_000;

export type BodyRead =
  | { kind: "complete"; bytes: Uint8Array | null }
  | { kind: "too_large" }
  | { kind: "timeout" };

/**
 * Reads `body` whole when it holds at most `limit` bytes; past the limit, discards up to
 * DRAIN_BYTES more and gives up (the connection then closes). Never holds more than `limit`
 * bytes. Cancels the body when it gives up or when `timeoutMs` passes first.
 */
export async function readRequestBody(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  timeoutMs = BODY_TIMEOUT_MS,
): Promise<BodyRead> {
  if (body === null) return { kind: "complete", bytes: null };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((done) => {
    timer = setTimeout(() => done("timeout"), timeoutMs);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), timeout]);
      if (next === "timeout") {
        await reader.cancel().catch(() => undefined);
        return { kind: "timeout" };
      }
      if (next.done) break;
      size += next.value.length;
      if (size <= limit) chunks.push(next.value);
      else if (size > limit + DRAIN_BYTES) {
        await reader.cancel().catch(() => undefined);
        return { kind: "too_large" };
      }
    }
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
  if (size > limit) return { kind: "too_large" };
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { kind: "complete", bytes };
}
