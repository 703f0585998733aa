import { appError, fail, ok, type Result } from "#shared/errors/app-error";

/**
 * Reads a request body of at most `maxBytes`, chunk by chunk: a declared Content-Length past the
 * limit is refused before a byte is read, and a chunked body is cancelled as soon as it crosses
 * the limit, so an unauthenticated upload costs at most `maxBytes` of memory (issue 13, door 7).
 * hono/body-limit stops reading at the limit too but leaves the upload neither cancelled nor
 * released, and trusts Content-Length for the rest; this reads against the limit either way.
 */
export async function readBodyWithin(
  request: Request,
  maxBytes: number,
): Promise<Result<Uint8Array>> {
  const tooLarge = () => fail(appError("payload_too_large", `Body exceeds ${maxBytes} bytes`));
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) {
    await request.body?.cancel();
    return tooLarge();
  }
  if (request.body === null) return ok(new Uint8Array(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return ok(bytes);
}
