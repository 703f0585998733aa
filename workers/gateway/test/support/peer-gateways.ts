import { env } from "cloudflare:test";
import type { Ed25519Account } from "@aptos-labs/ts-sdk";
import { proofHeaders } from "./ledger-fixtures.js";
import { PEER_GATEWAY_ORIGINS } from "./test-secrets.js";

/** The extra deployments of the gateway in the test pool (test/pool, peerGatewayWorkers). */
export type PeerGateway = keyof typeof PEER_GATEWAY_ORIGINS;

/** A peer gateway's binding, or the faulty ledger's switch (test/pool, faultyLedgerWorker). */
export function binding(name: PeerGateway | "FAULTY_LEDGER"): Fetcher {
  const fetcher: unknown = Reflect.get(env, name);
  if (typeof fetcher !== "object" || fetcher === null || !("fetch" in fetcher)) {
    throw new Error(`the test pool binds no ${name} (see test/pool)`);
  }
  return fetcher as Fetcher;
}

/** POST /api/execute/:processId on another deployment, with a caller proof for its origin. */
export async function executeOn(
  name: PeerGateway,
  args: { processId: string; body: Record<string, unknown>; signer: Ed25519Account },
): Promise<Response> {
  const origin = PEER_GATEWAY_ORIGINS[name];
  const path = `/api/execute/${args.processId}`;
  const text = JSON.stringify(args.body);
  const proof = await proofHeaders({ signer: args.signer, path, text, origin });
  return binding(name).fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...proof },
    body: text,
  });
}
