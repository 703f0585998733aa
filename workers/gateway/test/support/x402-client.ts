import {
  ChainId,
  Deserializer,
  type Ed25519Account,
  Hex,
  RawTransaction,
  SimpleTransaction,
} from "@aptos-labs/ts-sdk";
import { parsePaymentRequired } from "@x402/core/schemas";
import { expect } from "vitest";
import { signTransactionHex } from "#shared/ledger/signed-transactions";
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
  PAYMENT_REQUIRED_HEADER,
  PAYMENT_RESPONSE_HEADER,
  PAYMENT_SIGNATURE_HEADER,
  type PaymentPayload,
  type PaymentRequired,
  type SettleResponse,
} from "#shared/x402/transport";
import { address, ledger } from "./ledger-fixtures.js";

/** The PAYMENT-REQUIRED header of an answer, decoded and parsed by @x402/core as any client would. */
export function paymentRequiredOf(res: Response): PaymentRequired {
  const header = res.headers.get(PAYMENT_REQUIRED_HEADER);
  expect(header, "PAYMENT-REQUIRED header").not.toBeNull();
  const parsed = parsePaymentRequired(decodePaymentRequiredHeader(header ?? ""));
  if (!parsed.success) throw new Error(`not a PaymentRequired: ${parsed.error.message}`);
  return parsed.data as PaymentRequired;
}

export function paymentResponseOf(res: Response): SettleResponse {
  const header = res.headers.get(PAYMENT_RESPONSE_HEADER);
  expect(header, "PAYMENT-RESPONSE header").not.toBeNull();
  return decodePaymentResponseHeader(header ?? "");
}

/** The x402 PaymentPayload carrying `signedTransaction` for the requirement `accepted`. */
export function paymentPayload(
  accepted: PaymentRequired["accepts"][number],
  signedTransaction: string,
): PaymentPayload {
  return { x402Version: 2, accepted, payload: { signedTransaction } };
}

/** The PAYMENT-SIGNATURE header carrying `signedTransaction` for the requirement `accepted`. */
export function paymentSignature(
  accepted: PaymentRequired["accepts"][number],
  signedTransaction: string,
): Record<string, string> {
  const payment = paymentPayload(accepted, signedTransaction);
  return { [PAYMENT_SIGNATURE_HEADER]: encodePaymentSignatureHeader(payment) };
}

/** What a client does with a 402: sign the make_payment it was offered. */
export function signOffered(payer: Ed25519Account, required: PaymentRequired) {
  const accepted = required.accepts[0];
  const unsigned = accepted?.extra?.unsignedTransaction;
  if (accepted === undefined || typeof unsigned !== "string") {
    throw new Error("the offer carries no unsigned transaction");
  }
  // The offer is exactly a RawTransaction (docs/x402.md): nothing may follow its bytes.
  const deserializer = new Deserializer(Hex.fromHexString(unsigned).toUint8Array());
  const transaction = new SimpleTransaction(RawTransaction.deserialize(deserializer));
  expect(deserializer.remaining(), "bytes after the offered RawTransaction").toBe(0);
  const signedTransaction = signTransactionHex({ signer: payer, transaction });
  return {
    taskId: String(accepted.extra?.taskId),
    signedTransaction,
    headers: paymentSignature(accepted, signedTransaction),
  };
}

/**
 * A make_payment the payer builds and signs itself (not offered by the gateway), optionally
 * already expired or for another chain.
 */
export async function ownMakePayment(args: {
  payer: Ed25519Account;
  processId: string;
  taskId: string;
  amount: bigint;
  expiresAtSecs?: number;
  chainId?: number;
}): Promise<string> {
  const transaction = await ledger.buildUnsignedMakePayment({
    sender: address(args.payer),
    request: { processId: args.processId, taskId: args.taskId, amount: args.amount },
    ...(args.expiresAtSecs === undefined ? {} : { expiresAtSecs: args.expiresAtSecs }),
  });
  if (args.chainId === undefined) return signTransactionHex({ signer: args.payer, transaction });
  const raw = transaction.rawTransaction;
  const foreign = new RawTransaction(
    raw.sender,
    raw.sequence_number,
    raw.payload,
    raw.max_gas_amount,
    raw.gas_unit_price,
    raw.expiration_timestamp_secs,
    new ChainId(args.chainId),
  );
  return signTransactionHex({ signer: args.payer, transaction: new SimpleTransaction(foreign) });
}
