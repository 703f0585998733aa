/** A promise that rejects when `signal` aborts, for racing a stream read against it. */
function abortOf(signal: AbortSignal): Promise<never> {
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => undefined);
  return aborted;
}

/** Thrown by boundedChunks once the bytes read go past the cap. */
export class OverCap extends Error {}

/** Every chunk of `body`, throwing OverCap past `maxBytes`, or the abort reason once `signal` aborts. */
export async function* boundedChunks(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  signal: AbortSignal,
): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  const aborted = abortOf(signal);
  let total = 0;
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), aborted]);
      if (next.done) return;
      total += next.value.byteLength;
      if (total > maxBytes) throw new OverCap();
      yield next.value;
    }
  } finally {
    // Stops an endless or dripping body at its source; a no-op once it has ended.
    reader.cancel().catch(() => undefined);
  }
}

/** The whole body as one array, or null past `maxBytes`; throws when `signal` aborts. */
export async function readAtMost(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  try {
    for await (const chunk of boundedChunks(body, maxBytes, signal)) chunks.push(chunk);
  } catch (error) {
    if (error instanceof OverCap) return null;
    throw error;
  }
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
