import type { Ed25519Account } from "@aptos-labs/ts-sdk";
import { expect } from "vitest";
import { SELF } from "./checked-self.js";
import { address, GATEWAY, PRICE } from "./ledger-fixtures.js";

/** POST /api/payment with a JSON body, plus any headers (PAYMENT-SIGNATURE, a caller proof). */
export function postPayment(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return SELF.fetch(`${GATEWAY}/api/payment`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** SPEC's body alone (the price, paid by `payer` unless told otherwise): the gateway's 402 offer. */
export async function paymentOffer(args: {
  payer: Ed25519Account;
  processId: string;
  amount?: bigint;
  userAddress?: string;
}): Promise<Response> {
  const res = await postPayment({
    processId: args.processId,
    amount: (args.amount ?? PRICE).toString(),
    userAddress: args.userAddress ?? address(args.payer),
  });
  expect(res.status).toBe(402);
  return res;
}
