import type { DecodedSignedTransaction } from "#shared/ledger/signed-transactions";
import type { PaymentBody } from "#shared/schemas/gateway";

export type SignedPaymentCheck = { ok: true; taskId: string } | { ok: false; message: string };

const FIELD = "body.signedTransaction";

/**
 * A client-signed transaction may be submitted only when it is exactly what the body says:
 * a call of `<module>::payment::make_payment` from userAddress for this process and amount on
 * this network. The signature itself is the node's to check.
 */
export function checkSignedPayment(args: {
  decoded: DecodedSignedTransaction;
  body: PaymentBody;
  moduleAddress: string;
  chainId: number;
}): SignedPaymentCheck {
  const { decoded, body } = args;
  const expected = `${args.moduleAddress}::payment::make_payment`;
  if (decoded.function !== expected || decoded.entryFunction !== "make_payment") {
    return { ok: false, message: `${FIELD}: must call ${expected}, not ${decoded.function}` };
  }
  if (decoded.typeArguments.length !== 0) {
    return { ok: false, message: `${FIELD}: make_payment takes no type arguments` };
  }
  if (decoded.sender !== body.userAddress) {
    return { ok: false, message: `${FIELD}: its sender ${decoded.sender} is not body.userAddress` };
  }
  if (decoded.chainId !== args.chainId) {
    return {
      ok: false,
      message: `${FIELD}: chain id ${decoded.chainId} is not this network's (${args.chainId})`,
    };
  }
  const { process_id: processId, task_id: taskId, amount } = decoded.args;
  if (processId !== body.processId) {
    return { ok: false, message: `${FIELD}: its process_id is not body.processId` };
  }
  if (amount !== body.amount) {
    return { ok: false, message: `${FIELD}: its amount is not body.amount` };
  }
  if (typeof taskId !== "string") {
    return { ok: false, message: `${FIELD}: its task_id is missing` };
  }
  if (body.taskId !== undefined && body.taskId !== taskId) {
    return { ok: false, message: `${FIELD}: its task_id is not body.taskId` };
  }
  return { ok: true, taskId };
}
