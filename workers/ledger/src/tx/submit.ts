import type { JsonValue } from "../engine/types";
import type { NodeContext } from "../node/context";
import { NodeError } from "../node/errors";
import { senderKey, verifyEd25519 } from "./authenticate";
import { decodeSignedTransaction } from "./decode";
import { commitTransaction } from "./execute";
import { pendingJson, requestJson } from "./render";
import { resolveEntryCall } from "./resolve";

/** Decodes a signed transaction and resolves its call: what submit, simulate and the faucet share. */
export function prepareTransaction(ctx: NodeContext, body: Uint8Array) {
  const decoded = decodeSignedTransaction(body);
  const call = resolveEntryCall({ moduleAddress: ctx.config.moduleAddress, ...decoded.call });
  const key = senderKey(decoded.authenticator);
  const request = requestJson({ hash: decoded.hash, raw: decoded.raw, call, signature: key.json });
  return { decoded, call, key, request };
}

/**
 * POST /v1/transactions: decode, verify the signature, then validate and commit synchronously.
 * The answer is the node's 202 pending transaction; by_hash already finds it committed.
 */
export async function submitTransaction(args: {
  ctx: NodeContext;
  body: Uint8Array;
}): Promise<Record<string, JsonValue>> {
  const prepared = prepareTransaction(args.ctx, args.body);
  const { publicKey, signature } = prepared.key;
  if (publicKey === null || signature === null) {
    throw NodeError.vm("INVALID_SIGNATURE", "a submitted transaction must be signed");
  }
  const valid = await verifyEd25519({
    publicKey,
    signature,
    message: prepared.decoded.signingMessage,
  });
  if (!valid) throw NodeError.vm("INVALID_SIGNATURE");
  // Everything from here is synchronous: no other request can slip in between check and commit.
  commitTransaction({ ctx: args.ctx, ...prepared });
  return pendingJson(prepared.request);
}

/**
 * POST /v1/transactions/simulate: the same checks and execution without the signature (the SDK
 * sends a zeroed one on purpose), rolled back; answers a one-element array.
 */
export function simulateTransaction(args: { ctx: NodeContext; body: Uint8Array }): unknown[] {
  const prepared = prepareTransaction(args.ctx, args.body);
  return [commitTransaction({ ctx: args.ctx, ...prepared, simulate: true }).json];
}
