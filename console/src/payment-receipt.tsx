import { formatApt } from "#shared/schemas/apt-format";
import type { KeptPayment } from "./run-tokens.js";
import { TransactionLink } from "./transaction-link.js";

/**
 * A paid run's receipt (the PAYMENT-RESPONSE of docs/x402.md): what was paid into escrow, in APT
 * and octas, and the make_payment transaction that paid it.
 */
export function PaymentReceipt({ payment }: { payment: KeptPayment }) {
  return (
    <section class="receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title">Payment</h2>
      <dl class="details">
        <dt>Paid into escrow</dt>
        <dd>{formatApt(BigInt(payment.amount))}</dd>
        <dt>Transaction</dt>
        <dd>
          <TransactionLink hash={payment.transaction} />
        </dd>
      </dl>
    </section>
  );
}
