import { env, runInDurableObject, SELF } from "cloudflare:test";
import { Aptos, AptosConfig, Network } from "@aptos-labs/ts-sdk";
import { fetchClient } from "#shared/ledger/transport";

/** The devnode's base URL in tests; requests never leave workerd. */
export const BASE = "http://devnode.test";

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** The unmodified SDK, configured as for a localnet at BASE, talking to the devnode. */
export function devnodeAptos(fetcher: Fetch = (url, init) => SELF.fetch(url, init)): Aptos {
  return new Aptos(
    new AptosConfig({
      network: Network.LOCAL,
      fullnode: `${BASE}/v1`,
      faucet: BASE,
      indexer: `${BASE}/v1/graphql`,
      // The same provider the ledger client uses; requests go to a fetch in workerd.
      client: fetchClient({
        fetch: (input, init) => fetcher(String(input), init ?? {}),
        timeoutMs: 30_000,
      }),
    }),
  );
}

/**
 * Requests straight to a named instance of the devnode class, so a test can own a ledger of its
 * own (and restart it) without disturbing other test files that use the Worker's instance.
 */
export function instanceFetcher(name: string): Fetch {
  return (url, init) => env.DEVNODE.get(env.DEVNODE.idFromName(name)).fetch(url, init);
}

/** Restarts one named instance: its in-memory state is dropped; storage stays. */
export async function restartInstance(name: string): Promise<void> {
  const stub = env.DEVNODE.get(env.DEVNODE.idFromName(name));
  await runInDurableObject(stub, (_instance, state) =>
    state.abort("restart requested by a test"),
  ).catch(() => undefined);
}
