import { decodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { z } from "zod";
import { bytesToHex, hexToBytes } from "../auth/bytes.js";
import { FUNCTIONS } from "../contract/functions.js";
import { rawEntryTransactionBytes } from "../ledger/entry-bcs.js";
import { DEFAULT_MAX_GAS_AMOUNT, signedRawTransaction } from "../ledger/entry-transaction.js";
import { LedgerError } from "../ledger/errors.js";
import type { LedgerSigner, TransactionContext } from "../ledger/transactions.js";
import { normalizeAddress } from "../schemas/address-format.js";
import { X402_VERSION } from "./transport.js";

/**
 * The client's side of the `escrow` scheme (docs/x402.md): sign a make_payment, wrap it in a
 * PaymentPayload for the PAYMENT-SIGNATURE header, and read the PAYMENT-RESPONSE that comes back.
 */

const MAKE_PAYMENT = FUNCTIONS.make_payment;

/** The PaymentPayload that carries a signed make_payment for the requirement it answers. */
export function escrowPaymentPayload(
  accepted: PaymentRequirements,
  signedTransaction: string,
): PaymentPayload {
  return { x402Version: X402_VERSION, accepted, payload: { signedTransaction } };
}

/**
 * A make_payment signed by `signer` and not submitted: the gateway submits it (hex BCS
 * SignedTransaction). `context` is the sender's sequence number, the gas price and the chain id.
 */
export async function signMakePayment(args: {
  signer: LedgerSigner;
  moduleAddress: string;
  context: TransactionContext;
  processId: string;
  taskId: string;
  amount: bigint;
  expirationTimestampSecs: bigint;
  maxGasAmount?: bigint;
}): Promise<string> {
  const raw = rawEntryTransactionBytes({
    sender: args.signer.accountAddress.toStringLong(),
    sequenceNumber: args.context.sequenceNumber,
    function: {
      address: normalizeAddress(args.moduleAddress),
      module: MAKE_PAYMENT.module,
      name: MAKE_PAYMENT.name,
    },
    params: MAKE_PAYMENT.params,
    args: [args.processId, args.taskId, args.amount],
    maxGasAmount: args.maxGasAmount ?? DEFAULT_MAX_GAS_AMOUNT,
    gasUnitPrice: args.context.gasUnitPrice,
    expirationTimestampSecs: args.expirationTimestampSecs,
    chainId: args.context.chainId,
  });
  return signRaw(args.signer, raw);
}

/**
 * Signs a RawTransaction the server built (`extra.unsignedTransaction`, hex BCS) as it is. The
 * signer must be its sender: the node refuses the signature otherwise.
 */
export async function signUnsignedTransaction(
  signer: LedgerSigner,
  unsignedTransaction: string,
): Promise<string> {
  const raw = hexToBytes(unsignedTransaction.replace(/^0x/, ""));
  if (raw === null || raw.length === 0) {
    throw new LedgerError({
      kind: "invalid_input",
      message: "unsignedTransaction: expected hex BCS bytes",
    });
  }
  return signRaw(signer, raw);
}

async function signRaw(signer: LedgerSigner, raw: Uint8Array): Promise<string> {
  return `0x${bytesToHex(await signedRawTransaction({ signer, raw }))}`;
}

const settleResponseSchema = z.object({
  success: z.boolean(),
  transaction: z.string(),
  network: z.string(),
  payer: z.string().optional(),
  errorReason: z.string().optional(),
  errorMessage: z.string().optional(),
  extra: z.object({ processId: z.string().optional(), taskId: z.string().optional() }).optional(),
});

/** What a PAYMENT-RESPONSE header says (x402's SettleResponse, with the escrow scheme's extra). */
export type EscrowSettleResponse = z.output<typeof settleResponseSchema>;

export type PaymentResponseRead =
  | { ok: true; response: EscrowSettleResponse | undefined }
  | { ok: false; message: string };

/**
 * Reads the PAYMENT-RESPONSE header of an answer (docs/x402.md, "After the commit"); `response`
 * is undefined when the answer has none.
 */
export function readPaymentResponse(header: string | null): PaymentResponseRead {
  if (header === null) return { ok: true, response: undefined };
  let decoded: unknown;
  try {
    decoded = decodePaymentResponseHeader(header);
  } catch {
    decoded = undefined;
  }
  const parsed = settleResponseSchema.safeParse(decoded);
  return parsed.success
    ? { ok: true, response: parsed.data }
    : { ok: false, message: "PAYMENT-RESPONSE: not base64 JSON of an x402 SettleResponse" };
}
