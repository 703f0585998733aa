import { env, runInDurableObject, SELF } from "cloudflare:test";
import {
  Aptos,
  AptosConfig,
  type Client,
  type ClientRequest,
  type ClientResponse,
  Network,
} from "@aptos-labs/ts-sdk";

/** The devnode's base URL in tests; requests never leave workerd. */
export const BASE = "http://devnode.test";

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

function query(params: unknown): string {
  if (params === null || typeof params !== "object") return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** A ts-sdk client provider that sends every request to a fetch in workerd (SELF or a stub). */
export function providerFor(fetcher: Fetch): Client {
  return {
    async provider<Req, Res>(req: ClientRequest<Req>): Promise<ClientResponse<Res>> {
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers ?? {})) {
        if (value !== undefined && value !== null) headers.set(key, String(value));
      }
      const body =
        req.method === "GET" || req.body === undefined
          ? undefined
          : req.body instanceof Uint8Array
            ? req.body.slice()
            : JSON.stringify(req.body);
      const response = await fetcher(`${req.url}${query(req.params)}`, {
        method: req.method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      const text = await response.text();
      return {
        status: response.status,
        statusText: response.statusText,
        data: (text === "" ? {} : JSON.parse(text)) as Res,
        headers: response.headers,
      };
    },
  };
}

/** The unmodified SDK, configured as for a localnet at BASE, talking to the devnode. */
export function devnodeAptos(fetcher: Fetch = (url, init) => SELF.fetch(url, init)): Aptos {
  return new Aptos(
    new AptosConfig({
      network: Network.LOCAL,
      fullnode: `${BASE}/v1`,
      faucet: BASE,
      indexer: `${BASE}/v1/graphql`,
      client: providerFor(fetcher),
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
