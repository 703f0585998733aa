import { FUNCTIONS } from "#shared/contract";
import type { JsonValue } from "../engine/types.js";
import type { NodeContext } from "../node/context.js";
import { NodeError } from "../node/errors.js";
import { senderKey, verifyEd25519 } from "./authenticate.js";
import {
  type DecodedTransaction,
  decodeSignedTransaction,
  decodeSignedTransactionBatch,
  toDecodedTransaction,
} from "./decode.js";
import { commitTransaction } from "./execute.js";
import { pendingJson, requestJson } from "./render.js";
import { resolveEntryCall } from "./resolve.js";

/**
 * Resolves a decoded transaction's call and signer: what submit, simulate and the faucet share.
 * The package's admin-only functions are refused (403) unless DEV_ADMIN is "true": the devnode
 * publishes at the address of a PUBLIC key (shared/src/contract/devnode.ts), so on a devnode
 * others can reach, anyone could sign as the admin (issue 13, door 4).
 */
export function prepareTransaction(ctx: NodeContext, decoded: DecodedTransaction) {
  const call = resolveEntryCall({ moduleAddress: ctx.config.moduleAddress, ...decoded.call });
  if (call.kind === "package" && FUNCTIONS[call.name].signer === "admin" && !ctx.config.devAdmin) {
    throw NodeError.disabled(403, "admin_disabled", "DEV_ADMIN", `${call.functionId} (admin-only)`);
  }
  const key = senderKey(decoded.authenticator);
  const request = requestJson({ hash: decoded.hash, raw: decoded.raw, call, signature: key.json });
  return { decoded, call, key, request };
}

/** Resolves the call and verifies the sender's signature; refuses an unsigned or forged one. */
async function verifiedTransaction(ctx: NodeContext, decoded: DecodedTransaction) {
  const prepared = prepareTransaction(ctx, decoded);
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
  return prepared;
}

type VerifiedTransaction = Awaited<ReturnType<typeof verifiedTransaction>>;

/**
 * Queues a verified transaction for the next group commit; its checks and execution run there in
 * one synchronous call, so no other request slips in between. Resolves once it is committed.
 */
function commitQueued(ctx: NodeContext, prepared: VerifiedTransaction): Promise<unknown> {
  return ctx.commits.run(() => commitTransaction({ ctx, ...prepared }));
}

/**
 * POST /v1/transactions: one BCS signed transaction, answered 202 with the node's pending
 * transaction; by_hash already finds it committed.
 */
export async function submitTransaction(args: {
  ctx: NodeContext;
  body: Uint8Array;
}): Promise<Record<string, JsonValue>> {
  const prepared = await verifiedTransaction(args.ctx, decodeSignedTransaction(args.body));
  await commitQueued(args.ctx, prepared);
  return pendingJson(prepared.request);
}

export interface BatchFailure {
  error: ReturnType<NodeError["toJson"]>;
  transaction_index: number;
}

/**
 * POST /v1/transactions/batch: each transaction is checked and committed in order, as if
 * submitted alone (signatures first, all at once; then the commits, together); the ones refused
 * are listed by index. As on the node, the answer is 202 when
 * none was refused, 206 when some were, and a 400 when every one of a non-empty batch was.
 */
export async function submitTransactionBatch(args: {
  ctx: NodeContext;
  body: Uint8Array;
}): Promise<{ status: 202 | 206; failures: BatchFailure[] }> {
  const batch = decodeSignedTransactionBatch(args.body);
  const verified = await Promise.allSettled(
    batch.map(async (read) => verifiedTransaction(args.ctx, toDecodedTransaction(read))),
  );
  // Queued without waiting in between, so the whole batch shares one commit, in index order.
  const outcomes = await Promise.allSettled(
    verified.map((v) =>
      v.status === "fulfilled" ? commitQueued(args.ctx, v.value) : Promise.reject(v.reason),
    ),
  );
  const failures: BatchFailure[] = [];
  for (const [index, outcome] of outcomes.entries()) {
    if (outcome.status === "fulfilled") continue;
    if (!(outcome.reason instanceof NodeError)) throw outcome.reason;
    failures.push({ error: outcome.reason.toJson(), transaction_index: index });
  }
  if (failures.length > 0 && failures.length === batch.length) {
    throw NodeError.invalidInput("All transactions submitted were invalid.");
  }
  return { status: failures.length === 0 ? 202 : 206, failures };
}

/**
 * POST /v1/transactions/simulate: the same checks and execution without the signature (the SDK
 * sends a zeroed one on purpose), rolled back; answers a one-element array.
 */
export function simulateTransaction(args: { ctx: NodeContext; body: Uint8Array }): unknown[] {
  const prepared = prepareTransaction(args.ctx, decodeSignedTransaction(args.body));
  return [commitTransaction({ ctx: args.ctx, ...prepared, simulate: true }).json];
}
