import { callerProofHeaders } from "#shared/auth/caller-proof-message";
import type { Ed25519Signer } from "../runtime/ed25519-signer.js";
import { gatewayUrl } from "../runtime/gateway-client.js";
import type { RunOptions } from "./run-options.js";

/** The execute request as it goes on the wire. */
export interface ExecuteRequest {
  url: URL;
  body: string;
  headers: Record<string, string>;
}

/**
 * The gateway's execute request for these options: the JSON body, the caller proof whenever a
 * key is at hand (a paid process requires it, a free one ignores it), and `Prefer:
 * respond-async`, so the gateway answers 202 at once and the run is watched (docs/gateway.md,
 * "Runs"). The proof signs the method, path and body: the header does not change it.
 */
export async function buildExecuteRequest(
  options: RunOptions,
  caller: { signer: Ed25519Signer | undefined; userAddress: string },
): Promise<ExecuteRequest> {
  const { processId, data, workflowId, taskId, priority } = options;
  const body = JSON.stringify({
    userAddress: caller.userAddress,
    data,
    ...(workflowId === undefined ? {} : { workflowId }),
    ...(taskId === undefined ? {} : { taskId }),
    ...(priority === undefined ? {} : { priority }),
  });
  const url = gatewayUrl(options.gateway, `/api/execute/${encodeURIComponent(processId)}`);
  const headers = caller.signer
    ? await callerProofHeaders({
        signer: caller.signer,
        // The gateway checks the origin it is configured with (PUBLIC_ORIGIN): this URL's.
        origin: url.origin,
        method: "POST",
        path: `${url.pathname}${url.search}`,
        body,
      })
    : {};
  return { url, body, headers: { ...headers, prefer: "respond-async" } };
}
