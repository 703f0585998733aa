import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import { type AppError, appError } from "#shared/errors/app-error";

/** Long enough for any real media type; a longer header is cut, not echoed whole. */
const MAX_SHOWN = 100;

/**
 * The 415 of a JSON route whose body came as another media type or with none (docs/gateway.md,
 * "Errors"): it names what was sent, so a client that forgot the header (fetch sends a string as
 * text/plain, curl -d as a form) sees why a body holding every field is refused.
 */
export function unsupportedMediaType(contentType: string | undefined): AppError {
  const essence = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  const shown = essence === "" ? "none" : essence.slice(0, MAX_SHOWN);
  return appError("unsupported_media_type", `Content-Type must be application/json (got ${shown})`);
}

/** application/json, with parameters or a `+json` suffix, as Hono's JSON validator reads it. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * The same 415 for a JSON route whose body is read raw rather than by its OpenAPI validator (the
 * A2A JSON-RPC binding hands the bytes to the SDK as sent): thrown for the one onError, which
 * names what was sent.
 */
export const jsonBodyOnly = createMiddleware(async (c, next) => {
  const essence = c.req.header("content-type")?.split(";")[0]?.trim() ?? "";
  if (!JSON_MEDIA_TYPE.test(essence)) throw new HTTPException(415);
  await next();
});
