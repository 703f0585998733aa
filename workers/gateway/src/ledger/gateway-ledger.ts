import { createLedgerClient, type LedgerClient } from "#shared/ledger/client";
import { resolveNetwork } from "#shared/ledger/networks";

/** Per ledger request; the whole execute path makes one. */
const LEDGER_REQUEST_TIMEOUT_MS = 10_000;

let cached: { key: string; client: LedgerClient } | null = null;

/**
 * The ledger client, built once per isolate: over the LEDGER service binding when the
 * deployment has one (the devnode), else over fetch to LEDGER_NODE_URL or the network preset.
 */
export function gatewayLedger(env: GatewayEnv): LedgerClient {
  const binding: Fetcher | undefined = "LEDGER" in env ? env.LEDGER : undefined;
  // Vars are typed as their configured literals; a deployment sets other values.
  const nodeUrl: string = env.LEDGER_NODE_URL;
  const networkName: string = env.NETWORK;
  const moduleAddress: string = env.MODULE_ADDRESS;
  const key = `${networkName}|${nodeUrl}|${moduleAddress}|${binding === undefined ? "" : "binding"}`;
  if (cached?.key === key) return cached.client;
  const network = resolveNetwork({
    network: nodeUrl !== "" ? nodeUrl : networkName,
    moduleAddress,
  });
  const client = createLedgerClient({
    network,
    requestTimeoutMs: LEDGER_REQUEST_TIMEOUT_MS,
    ...(binding === undefined ? {} : { fetch: (input, init) => binding.fetch(input, init) }),
  });
  cached = { key, client };
  return client;
}
