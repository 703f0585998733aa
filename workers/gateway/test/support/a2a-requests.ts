import type { Ed25519Account } from "@aptos-labs/ts-sdk";
import { z } from "zod";
import { SELF } from "./checked-self.js";
import { address, GATEWAY, proofHeaders } from "./ledger-fixtures.js";

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

/** A task as the tests read it (A2A 1.0 JSON). */
export const a2aTaskSchema = z.looseObject({
  id: z.string(),
  status: z.looseObject({ state: z.string() }),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/** A JSON-RPC request's answer (a2aRpc), its result or its error. */
export async function a2aRpcAnswer(args: Parameters<typeof a2aRpc>[0]) {
  return z
    .looseObject({
      result: z.unknown().optional(),
      error: z.looseObject({ code: z.number() }).optional(),
    })
    .parse(await (await a2aRpc(args)).json());
}

/**
 * SendMessage as `payer`, with its caller proof, for a payment it made before (docs/gateway.md,
 * "A2A", "Who calls"): the task answered, and its access token as a bearer header.
 */
export async function sendAsPayer(args: {
  processId: string;
  payer: Ed25519Account;
  returnImmediately?: boolean;
}) {
  const { processId, payer } = args;
  const answer = await a2aRpcAnswer({
    processId,
    method: "SendMessage",
    signer: payer,
    params: {
      message: dataMessage(
        { nonce: crypto.randomUUID() },
        { "agentgate/userAddress": address(payer) },
      ),
      ...(args.returnImmediately ? { configuration: { returnImmediately: true } } : {}),
    },
  });
  const task = a2aTaskSchema.parse(z.object({ task: z.unknown() }).parse(answer.result).task);
  const token = z.string().parse(task.metadata?.["agentgate/accessToken"]);
  return { task, bearer: { authorization: `Bearer ${token}` } };
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

/** A 0.3 user message (the shape a 0.3 client's message/send carries) holding `data`. */
export function legacyDataMessage(data: Record<string, unknown>) {
  return {
    kind: "message",
    messageId: crypto.randomUUID(),
    role: "user",
    parts: [{ kind: "data", data }],
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
