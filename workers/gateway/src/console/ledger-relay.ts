import { AppErrorException, appError } from "#shared/errors/app-error";
import { resolveNetwork } from "#shared/ledger/networks";

/** Where the console reaches the ledger on its own origin (docs/console.md, "The ledger relay"). */
export const CONSOLE_LEDGER_PATH = "/console/ledger";

/** A relayed call's deadline, the ledger client's own (shared/src/ledger/core.ts). */
const RELAY_TIMEOUT_MS = 30_000;

const ADDRESS = "0x[0-9a-fA-F]{1,64}";
const HASH = "0x[0-9a-fA-F]{64}";

/**
 * The fullnode calls a wallet in the page needs, and nothing else: the ledger's chain, an
 * account's sequence number and transactions, a transaction by hash, the package's views,
 * simulate and submit. Each names the query parameters the real REST API reads for it.
 */
const ALLOWED: { method: string; path: RegExp; query: string[] }[] = [
  { method: "GET", path: /^\/v1$/, query: [] },
  { method: "GET", path: new RegExp(`^/v1/accounts/${ADDRESS}$`), query: [] },
  {
    method: "GET",
    path: new RegExp(`^/v1/accounts/${ADDRESS}/transactions$`),
    query: ["start", "limit"],
  },
  {
    method: "GET",
    path: new RegExp(`^/v1/transactions/(by_hash|wait_by_hash)/${HASH}$`),
    query: [],
  },
  { method: "GET", path: /^\/v1\/estimate_gas_price$/, query: [] },
  { method: "POST", path: /^\/v1\/view$/, query: [] },
  { method: "POST", path: /^\/v1\/transactions$/, query: [] },
  {
    method: "POST",
    path: /^\/v1\/transactions\/simulate$/,
    query: [
      "estimate_gas_unit_price",
      "estimate_max_gas_amount",
      "estimate_prioritized_gas_unit_price",
    ],
  },
];

/**
 * The fullnode URL (path and query) a console request names, when it is one the relay allows;
 * else the 404 that refuses it before anything reaches the ledger.
 */
export function relayedLedgerPath(args: { method: string; url: URL }): string {
  const path = args.url.pathname.slice(CONSOLE_LEDGER_PATH.length);
  const rule = ALLOWED.find((r) => r.method === args.method && r.path.test(path));
  const names = [...args.url.searchParams.keys()];
  if (rule === undefined || names.some((name) => !rule.query.includes(name))) {
    throw new AppErrorException(
      appError("not_found", "The console's ledger relay does not serve this call"),
    );
  }
  return `${path}${args.url.search}`;
}

/**
 * Sends an allowed call to the ledger the gateway uses: the devnode over its LEDGER binding, else
 * LEDGER_NODE_URL or the network's fullnode. The answer goes back as the node gave it.
 */
export async function relayToLedger(args: {
  env: GatewayEnv;
  method: string;
  pathAndQuery: string;
  contentType: string | undefined;
  body: ArrayBuffer | null;
}): Promise<Response> {
  const binding: Fetcher | undefined = "LEDGER" in args.env ? args.env.LEDGER : undefined;
  const nodeUrl: string = args.env.LEDGER_NODE_URL;
  const network: string = args.env.NETWORK;
  // The fullnode's base ends in /v1, as the paths the relay allows begin.
  const base = resolveNetwork({
    network: nodeUrl !== "" ? nodeUrl : network,
    requireModuleAddress: false,
  }).fullnode.replace(/\/v1$/, "");
  const request = new Request(`${base}${args.pathAndQuery}`, {
    method: args.method,
    headers: args.contentType === undefined ? {} : { "content-type": args.contentType },
    body: args.body,
    signal: AbortSignal.timeout(RELAY_TIMEOUT_MS),
  });
  let answer: Response;
  try {
    answer = await (binding === undefined ? fetch(request) : binding.fetch(request));
  } catch {
    throw new AppErrorException(appError("ledger_unavailable", "The ledger could not be reached"));
  }
  // Served on the origin that keeps the development wallet's key: never run or sniffed as a page.
  return new Response(answer.body, {
    status: answer.status,
    headers: {
      "content-type": answer.headers.get("content-type") ?? "application/json",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    },
  });
}
