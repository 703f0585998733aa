import { createLedgerClient, type LedgerClient } from "#shared/ledger/client";
import { resolveNetwork } from "#shared/ledger/networks";

/** Per ledger request; the whole execute path makes one. */
const LEDGER_REQUEST_TIMEOUT_MS = 10_000;

const cached = new Map<string, LedgerClient>();

/**
 * The ledger client, built once per isolate: over the LEDGER service binding when the
 * deployment has one (the devnode), else over fetch to LEDGER_NODE_URL or the network preset.
 * `simulate`: every transaction is simulated first and not submitted when the simulation fails,
 * so a refused one costs no gas (the operator's run claims; docs/gateway.md, "One payment, one
 * attempt"); its signer must be able to sign a simulation.
 */
export function gatewayLedger(env: GatewayEnv, options: { simulate?: boolean } = {}): LedgerClient {
  const binding: Fetcher | undefined = "LEDGER" in env ? env.LEDGER : undefined;
  // Vars are typed as their configured literals; a deployment sets other values.
  const nodeUrl: string = env.LEDGER_NODE_URL;
  const networkName: string = env.NETWORK;
  const moduleAddress: string = env.MODULE_ADDRESS;
  const simulate = options.simulate === true;
  const key = `${networkName}|${nodeUrl}|${moduleAddress}|${binding === undefined ? "" : "binding"}|${simulate}`;
  const known = cached.get(key);
  if (known !== undefined) return known;
  const network = resolveNetwork({
    network: nodeUrl !== "" ? nodeUrl : networkName,
    moduleAddress,
  });
  const client = createLedgerClient({
    network,
    requestTimeoutMs: LEDGER_REQUEST_TIMEOUT_MS,
    simulate,
    ...(binding === undefined ? {} : { fetch: (input, init) => binding.fetch(input, init) }),
  });
  // One entry per setting; a changed configuration replaces what came before.
  if (cached.size >= 4) cached.clear();
  cached.set(key, client);
  return client;
}
