import { A2A_VERSION_HEADER, Extensions, HTTP_EXTENSION_HEADER } from "@a2a-js/sdk";
import { LEGACY_HTTP_EXTENSION_HEADER } from "@a2a-js/sdk/compat/v0_3";
import { ServerCallContext } from "@a2a-js/sdk/server";
import { a2aVersionOf, isLegacyA2aVersion } from "#shared/schemas/agent-card-legacy";

/**
 * The SDK's call context of a request: the A2A version it asks for (no `A2A-Version` header:
 * 0.3, as A2A 1.0 says) and the extensions it activates. A 1.0 request names them in
 * `A2A-Extensions`; a 0.3 one in 0.3's `X-A2A-Extensions`, or in `A2A-Extensions` when it has
 * none, as the SDK's own servers read them (docs/gateway.md, "A2A", "Payment").
 */
export function callContextOf(headers: Headers): ServerCallContext {
  const requestedVersion = a2aVersionOf(headers.get(A2A_VERSION_HEADER));
  const named = isLegacyA2aVersion(requestedVersion)
    ? (headers.get(LEGACY_HTTP_EXTENSION_HEADER) ?? headers.get(HTTP_EXTENSION_HEADER))
    : headers.get(HTTP_EXTENSION_HEADER);
  return new ServerCallContext({
    requestedVersion,
    requestedExtensions: Extensions.parseServiceParameter(named ?? undefined),
  });
}

/**
 * `response` with the extensions the call activated echoed in its extensions header, under the
 * name of the call's version (A2A: a server lists the extensions it activated), as the SDK's
 * Express transports answer. A call that activated none is answered as it is.
 */
export function withActivatedExtensions(response: Response, context: ServerCallContext): Response {
  const activated = context.activatedExtensions;
  if (activated === undefined || activated.length === 0) return response;
  const name = isLegacyA2aVersion(context.requestedVersion)
    ? LEGACY_HTTP_EXTENSION_HEADER
    : HTTP_EXTENSION_HEADER;
  response.headers.set(name, Extensions.toServiceParameter(activated));
  return response;
}
