import { z } from "zod";
import { LedgerError } from "./errors.js";
import type { NetworkConfig } from "./networks.js";
import { nodeAnswerError } from "./node-error.js";
import { type FetchLike, type NodeAnswer, sendNodeRequest } from "./transport.js";

/**
 * The node's REST answers the transaction client reads, and the one helper that asks for them
 * (shared/docs/aptos-node-api.md).
 */

export const BCS_SIGNED_TRANSACTION = "application/x.aptos.signed_transaction+bcs";

const u64String = z
  .string()
  .regex(/^\d+$/)
  .transform((value) => BigInt(value));
export const accountAnswer = z.object({ sequence_number: u64String });
export const gasAnswer = z.object({ gas_estimate: z.number().int().nonnegative() });
export const ledgerInfoAnswer = z.object({ chain_id: z.number().int().min(0).max(255) });
export const pendingAnswer = z.object({ hash: z.string() });
// One simulated transaction, one outcome (the node answers an array).
export const simulationAnswer = z.tuple([
  z.object({ success: z.boolean(), vm_status: z.string() }),
]);
export const transactionAnswer = z.union([
  z.object({
    type: z.literal("user_transaction"),
    hash: z.string(),
    version: u64String,
    gas_used: u64String,
    success: z.boolean(),
    vm_status: z.string(),
    events: z.array(z.object({ type: z.string(), data: z.unknown() })),
  }),
  z.object({ type: z.literal("pending_transaction") }),
  // Genesis, block metadata and the like: known, but not something a client waits for.
  z.object({
    type: z.string().refine((t) => t !== "user_transaction" && t !== "pending_transaction"),
  }),
]);

/** Which node the client talks to, and how. */
export interface NodeConnection {
  network: NetworkConfig;
  fetch: FetchLike;
  requestTimeoutMs: number;
}

export interface NodeRequest {
  method: "GET" | "POST";
  path: string;
  body?: Uint8Array<ArrayBuffer>;
  contentType?: string;
}

/** The parsed body of a 2xx answer; any other answer becomes the matching LedgerError. */
export type AskNode = <T extends z.ZodType>(
  what: string,
  request: NodeRequest,
  schema: T,
) => Promise<z.output<T>>;

export function createAskNode(connection: NodeConnection): AskNode {
  const { network } = connection;
  return async function ask<T extends z.ZodType>(
    what: string,
    request: NodeRequest,
    schema: T,
  ): Promise<z.output<T>> {
    const answer: NodeAnswer = await sendNodeRequest({
      fetch: connection.fetch,
      timeoutMs: connection.requestTimeoutMs,
      method: request.method,
      url: `${network.fullnode}/${request.path}`,
      ...(request.contentType === undefined
        ? {}
        : { headers: { "content-type": request.contentType } }),
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    if (answer.status < 200 || answer.status >= 300) {
      throw nodeAnswerError(answer, network.moduleAddress);
    }
    const parsed = schema.safeParse(answer.data);
    if (!parsed.success) {
      throw new LedgerError({
        kind: "rejected",
        message: `${what}: unexpected answer from the ledger node`,
      });
    }
    return parsed.data;
  };
}
