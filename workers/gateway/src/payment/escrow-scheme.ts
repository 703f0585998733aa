import type { LedgerClient } from "#shared/ledger/client";
import { ESCROW_SCHEME } from "#shared/x402/escrow-scheme";
import type { PaymentRequired } from "#shared/x402/transport";
import type { ExpectedPayment } from "./check-signed-payment.js";
import { type PaymentTerms, paymentRequirements } from "./payment-requirements.js";
import { type Settlement, settlePayment } from "./settle-payment.js";
import {
  type SentPayment,
  type Verification,
  type VerifiedPayment,
  verifyPayment,
} from "./verify-payment.js";

/**
 * The `escrow` scheme as this gateway serves it, with x402's verbs (`@x402/core`'s scheme
 * interfaces; docs/x402.md): the payment requirements of a process (payment-requirements.ts),
 * verify a sent payment against the request before anything is submitted (verify-payment.ts),
 * settle it: submit and await the commit (settle-payment.ts).
 */
export type EscrowScheme = {
  readonly scheme: typeof ESCROW_SCHEME;
  paymentRequirements(terms: PaymentTerms & { error: string }): Promise<PaymentRequired>;
  verify(args: { sent: SentPayment; expected: ExpectedPayment }): Promise<Verification>;
  settle(args: { payment: VerifiedPayment; processId: string }): Promise<Settlement>;
};

export function escrowScheme(args: {
  ledger: LedgerClient;
  /** How long an offered make_payment stays valid (UNSIGNED_TRANSACTION_TTL_SECONDS). */
  unsignedTransactionTtlSeconds: number;
}): EscrowScheme {
  const { ledger, unsignedTransactionTtlSeconds } = args;
  return {
    scheme: ESCROW_SCHEME,
    paymentRequirements: (terms) =>
      paymentRequirements({ ledger, terms, unsignedTransactionTtlSeconds }),
    verify: ({ sent, expected }) => verifyPayment({ ledger, sent, expected }),
    settle: ({ payment, processId }) => settlePayment({ ledger, payment, processId }),
  };
}
