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
