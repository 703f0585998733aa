import type { DecodedSignedTransaction } from "#shared/ledger/signed-transactions";

export type SignedPaymentCheck = { ok: true; taskId: string } | { ok: false; message: string };

/** What the payment must be, from the request and the ledger. */
export type ExpectedPayment = {
  userAddress: string;
  processId: string;
  /** The process's current price: the least a payment may carry. */
  minAmount: bigint;
  /** The exact amount, when the request names one (POST /api/payment's body.amount). */
  amount?: bigint;
  /** The task id, when the request names one (body.taskId). */
  taskId?: string | undefined;
};

/**
 * A client-signed transaction may be submitted only when it is exactly the payment the request
 * asks for, so nothing the ledger would certainly refuse costs the payer gas: a call of
 * `<module>::payment::make_payment` without type arguments, signed by its sender alone (so it
 * can be simulated first), from userAddress, for this process,
 * at least the current price, on this chain, not yet expired (docs/x402.md, "What the server
 * checks"). The signature is the node's to check. One check for the body's signedTransaction and
 * the x402 payment; `field` names where the transaction came from.
 */
export function checkSignedPayment(args: {
  decoded: DecodedSignedTransaction;
  expected: ExpectedPayment;
  moduleAddress: string;
  chainId: number;
  /** The ledger's clock, Unix seconds: the node refuses a transaction expired by it. */
  nowSecs: bigint;
  field: string;
}): SignedPaymentCheck {
  const { decoded, expected, field } = args;
  const fail = (message: string): SignedPaymentCheck => ({
    ok: false,
    message: `${field}: ${message}`,
  });
  const fn = `${args.moduleAddress}::payment::make_payment`;
  if (decoded.function !== fn || decoded.entryFunction !== "make_payment") {
    return fail(`must call ${fn}, not ${decoded.function}`);
  }
  if (decoded.typeArguments.length !== 0) return fail("make_payment takes no type arguments");
  if (!decoded.simulatable) {
    // It is simulated before it is submitted (docs/x402.md, "What the server checks").
    return fail(
      "must be signed by its sender alone, with an Ed25519, single-key or multi-key account",
    );
  }
  if (decoded.sender !== expected.userAddress) {
    return fail(`its sender ${decoded.sender} is not userAddress`);
  }
  if (decoded.chainId !== args.chainId) {
    return fail(`chain id ${decoded.chainId} is not this network's (${args.chainId})`);
  }
  if (decoded.expirationTimestampSecs <= args.nowSecs) {
    return fail(
      `it expired at ${decoded.expirationTimestampSecs} (Unix seconds); the ledger's clock is at ${args.nowSecs}: sign a fresh one`,
    );
  }
  const { process_id: processId, task_id: taskId, amount } = decoded.args;
  if (processId !== expected.processId) return fail("its process_id is not the requested process");
  if (typeof amount !== "bigint") return fail("its amount is missing");
  if (expected.amount !== undefined && amount !== expected.amount) {
    return fail("its amount is not body.amount");
  }
  if (amount < expected.minAmount) {
    return fail(`its amount ${amount} is below the process's current price ${expected.minAmount}`);
  }
  if (typeof taskId !== "string") return fail("its task_id is missing");
  if (expected.taskId !== undefined && expected.taskId !== taskId) {
    return fail("its task_id is not body.taskId");
  }
  return { ok: true, taskId };
}
