import { formatApt } from "#shared/schemas/apt-format";
import type { RunAcceptedResponse } from "#shared/schemas/runs";
import { failureMessage, isRunAccepted } from "./api.js";
import { fromBase64Json, toBase64Json } from "./base64-json.js";
import { ledgerInfo } from "./ledger-api.js";
import { makePaymentProblem } from "./make-payment-check.js";
import type { TransactionSigner } from "./transaction-signer.js";
import { escrowOfferOf, isPaymentReceipt, type PaymentReceipt } from "./x402-offer.js";

/** x402's version and headers (docs/x402.md; shared/src/x402/transport.ts, not imported: zod). */
const X402_VERSION = 2;
const PAYMENT_REQUIRED = "payment-required";
const PAYMENT_RESPONSE = "payment-response";
const X402_JSON = "application/x402+json";

export type PaidRun =
  | { ok: true; accepted: RunAcceptedResponse; receipt: PaymentReceipt }
  | { ok: false; message: string };

async function bodyOf(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

const unreachable: PaidRun = {
  ok: false,
  message: "The gateway could not be reached; check your connection",
};

/**
 * Pays for one run and starts it, in x402's two requests (docs/x402.md,
 * docs/examples/x402-pay-and-run.mjs): ask for the offer (402), sign the make_payment the gateway
 * built for this payer, as it is and only once it is the payment asked for (make-payment-check.ts),
 * then send the same request with PAYMENT-SIGNATURE and `Prefer: respond-async`: 202 with the
 * run's token and the receipt.
 */
export async function payAndRun(args: {
  processId: string;
  data: Record<string, unknown>;
  signer: TransactionSigner;
  price: bigint;
  moduleAddress: string;
}): Promise<PaidRun> {
  const path = `/api/execute/${encodeURIComponent(args.processId)}`;
  const body = JSON.stringify({ userAddress: args.signer.address, data: args.data });
  const json = { "content-type": "application/json" };
  let asked: Response;
  try {
    // Accept names x402, so no usable payment is 402 rather than SPEC's 400 (docs/x402.md).
    asked = await fetch(path, {
      method: "POST",
      headers: { ...json, accept: X402_JSON },
      body,
    });
  } catch {
    return unreachable;
  }
  const offerHeader = asked.headers.get(PAYMENT_REQUIRED);
  const askedBody = await bodyOf(asked);
  if (asked.status !== 402 || offerHeader === null) {
    return { ok: false, message: failureMessage(askedBody, asked.status) };
  }
  const offer = escrowOfferOf(fromBase64Json(offerHeader));
  if (offer === null) {
    return { ok: false, message: "The gateway offered no escrow payment to sign" };
  }
  if (BigInt(offer.amount) !== args.price) {
    return {
      ok: false,
      message: `The price is now ${formatApt(BigInt(offer.amount))}, not the ${formatApt(args.price)} shown; nothing was paid. Reload the page to see it.`,
    };
  }
  const ledger = await ledgerInfo();
  if (!ledger.ok) return ledger;
  const problem = makePaymentProblem({
    rawHex: offer.extra.unsignedTransaction,
    moduleAddress: args.moduleAddress,
    sender: args.signer.address,
    processId: args.processId,
    price: args.price,
    chainId: ledger.value.chain_id,
  });
  if (problem !== null) return { ok: false, message: `${problem}; nothing was signed or paid` };
  const signed = await args.signer.sign(offer.extra.unsignedTransaction);
  if (!signed.ok) return signed;
  const payment = toBase64Json({
    x402Version: X402_VERSION,
    accepted: offer,
    payload: { signedTransaction: signed.signedTransaction },
  });
  let paid: Response;
  try {
    paid = await fetch(path, {
      method: "POST",
      headers: { ...json, "payment-signature": payment, prefer: "respond-async" },
      body,
    });
  } catch {
    return unreachable;
  }
  const receiptHeader = paid.headers.get(PAYMENT_RESPONSE);
  const receipt = receiptHeader === null ? null : fromBase64Json(receiptHeader);
  const paidBody = await bodyOf(paid);
  if (paid.status !== 202 || !isRunAccepted(paidBody) || !isPaymentReceipt(receipt)) {
    return { ok: false, message: failureMessage(paidBody, paid.status) };
  }
  return { ok: true, accepted: paidBody, receipt };
}
