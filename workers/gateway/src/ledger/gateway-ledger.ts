import { createLedgerClient, type LedgerClient } from "#shared/ledger/client";
import { resolveNetwork } from "#shared/ledger/networks";

/** Per ledger request; the whole execute path makes one. */
const LEDGER_REQUEST_TIMEOUT_MS = 10_000;

const cached = new Map<string, LedgerClient>();

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
  const known = cached.get(key);
  if (known !== undefined) return known;
  const network = resolveNetwork({
    network: nodeUrl !== "" ? nodeUrl : networkName,
    moduleAddress,
  });
  const client = createLedgerClient({
    network,
    requestTimeoutMs: LEDGER_REQUEST_TIMEOUT_MS,
    ...(binding === undefined ? {} : { fetch: (input, init) => binding.fetch(input, init) }),
  });
  // One entry per setting; a changed configuration replaces what came before.
  if (cached.size >= 4) cached.clear();
  cached.set(key, client);
  return client;
}
