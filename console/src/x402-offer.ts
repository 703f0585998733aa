import { type Guard, isRecord } from "./guards.js";

/**
 * The parts of x402's objects the console reads (docs/x402.md): the escrow requirement with the
 * make_payment the gateway built for this payer, and the receipt (PAYMENT-RESPONSE).
 */
export type EscrowOffer = {
  scheme: "escrow";
  network: string;
  amount: string;
  extra: { unsignedTransaction: string } & Record<string, unknown>;
} & Record<string, unknown>;

export type PaymentReceipt = {
  success: boolean;
  transaction: string;
  network: string;
  errorReason?: string;
  errorMessage?: string;
};

const isEscrowOffer: Guard<EscrowOffer> = (value): value is EscrowOffer =>
  isRecord(value) &&
  value.scheme === "escrow" &&
  typeof value.network === "string" &&
  typeof value.amount === "string" &&
  /^\d+$/.test(value.amount) &&
  isRecord(value.extra) &&
  typeof value.extra.unsignedTransaction === "string" &&
  /^0x([0-9a-f]{2})+$/i.test(value.extra.unsignedTransaction);

/** The escrow requirement of a PaymentRequired that carries a transaction to sign, if any. */
export function escrowOfferOf(required: unknown): EscrowOffer | null {
  if (!isRecord(required) || !Array.isArray(required.accepts)) return null;
  return required.accepts.find(isEscrowOffer) ?? null;
}

export const isPaymentReceipt: Guard<PaymentReceipt> = (value): value is PaymentReceipt =>
  isRecord(value) &&
  typeof value.success === "boolean" &&
  typeof value.transaction === "string" &&
  typeof value.network === "string";
