import { A2A_VERSION_HEADER, Extensions, HTTP_EXTENSION_HEADER } from "@a2a-js/sdk";
import { ServerCallContext } from "@a2a-js/sdk/server";
import { A2A_LEGACY_PROTOCOL_VERSION } from "#shared/schemas/agent-card";

/**
 * The SDK's call context of a request: the A2A version it asks for (no `A2A-Version` header:
 * 0.3, as A2A 1.0 says) and the extensions it activates (`A2A-Extensions`).
 */
export function callContextOf(headers: Headers): ServerCallContext {
  return new ServerCallContext({
    requestedVersion: headers.get(A2A_VERSION_HEADER) ?? A2A_LEGACY_PROTOCOL_VERSION,
    requestedExtensions: Extensions.parseServiceParameter(
      headers.get(HTTP_EXTENSION_HEADER) ?? undefined,
    ),
  });
}
