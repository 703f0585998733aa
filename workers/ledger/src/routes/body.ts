import { NodeError } from "../node/errors";

/** Aptos' maximum transaction size; no request body the devnode accepts is larger. */
export const MAX_BODY_BYTES = 64 * 1024;

async function readBytes(request: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length > limit) throw tooLarge(limit);
  return bytes;
}

const tooLarge = (limit: number) =>
  new NodeError(413, "invalid_input", `request body is larger than ${limit} bytes`);

/** A BCS body; the content type must say so, as the node's content negotiation requires. */
export async function readBcs(
  request: Request,
  contentType: string,
  limit = MAX_BODY_BYTES,
): Promise<Uint8Array> {
  const given = request.headers.get("content-type") ?? "";
  if (!given.startsWith(contentType)) {
    throw new NodeError(
      415,
      "unsupported_media_type",
      `content-type must be ${contentType} (the devnode accepts BCS submissions only)`,
    );
  }
  return readBytes(request, limit);
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
