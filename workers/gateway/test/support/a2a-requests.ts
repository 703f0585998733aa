import type { Ed25519Account } from "@aptos-labs/ts-sdk";
import { SELF } from "./checked-self.js";
import { GATEWAY, proofHeaders } from "./ledger-fixtures.js";

export const a2aPath = (processId: string) => `/a2a/${processId}`;

/**
 * A JSON-RPC request to a process's A2A URL (A2A 1.0 unless `version` says otherwise), with the
 * caller proof of `signer` over it when given.
 */
export async function a2aRpc(args: {
  processId: string;
  method: string;
  params: Record<string, unknown>;
  headers?: Record<string, string>;
  version?: string | null;
  signer?: Ed25519Account;
}): Promise<Response> {
  const version = args.version === undefined ? "1.0" : args.version;
  const path = a2aPath(args.processId);
  const text = JSON.stringify({ jsonrpc: "2.0", id: 1, method: args.method, params: args.params });
  const proof =
    args.signer === undefined ? {} : await proofHeaders({ signer: args.signer, path, text });
  return SELF.fetch(`${GATEWAY}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(version === null ? {} : { "a2a-version": version }),
      ...proof,
      ...args.headers,
    },
    body: text,
  });
}

/** A 1.0 user message holding `data` as its one data part. */
export function dataMessage(data: Record<string, unknown>, metadata?: Record<string, unknown>) {
  return {
    messageId: crypto.randomUUID(),
    role: "ROLE_USER",
    parts: [{ data, mediaType: "application/json" }],
    ...(metadata === undefined ? {} : { metadata }),
  };
}

/** The JSON bodies of a Server-Sent Events answer's `data:` lines, in order. */
export async function sseData(res: Response): Promise<unknown[]> {
  const text = await res.text();
  return text
    .split("\n")
    .filter((line) => line.startsWith("data:"))
    .map((line) => JSON.parse(line.slice(5)));
}
