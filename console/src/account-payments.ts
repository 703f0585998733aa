import { isPaymentRecord, type PaymentRecordJson } from "./escrow-payment.js";
import { accountTransactions, type UserTransaction, view } from "./ledger-api.js";
import { sameAddress } from "./same-address.js";

/**
 * Every payment an account made (docs/console.md, "My payments"): its own committed
 * transactions, read from the fullnode page by page, keep the successful calls of the package's
 * payment::make_payment, and each payment's record is read with get_payment_record.
 */
export type AccountPayment = { record: PaymentRecordJson; transaction: UserTransaction };

/** The REST API's largest page, and how many the console reads: 1,000 transactions at most. */
const PAGE = 100;
const MAX_PAGES = 10;

function isMakePayment(tx: UserTransaction, moduleAddress: string): boolean {
  const [address, module, name] = (tx.payload.function ?? "").split("::");
  if (!tx.success || address === undefined || module !== "payment" || name !== "make_payment") {
    return false;
  }
  return sameAddress(address, moduleAddress);
}

export async function listAccountPayments(args: {
  address: string;
  moduleAddress: string;
}): Promise<
  { ok: true; payments: AccountPayment[]; truncated: boolean } | { ok: false; message: string }
> {
  const paid: UserTransaction[] = [];
  let truncated = true;
  for (let page = 0; page < MAX_PAGES; page++) {
    const read = await accountTransactions({
      address: args.address,
      start: BigInt(page * PAGE),
      limit: PAGE,
    });
    if (!read.ok) return read;
    paid.push(...read.value.filter((tx) => isMakePayment(tx, args.moduleAddress)));
    if (read.value.length < PAGE) {
      truncated = false;
      break;
    }
  }
  const payments: AccountPayment[] = [];
  for (const transaction of paid.reverse()) {
    const [processId, taskId] = transaction.payload.arguments ?? [];
    const record = await view({
      function: `${args.moduleAddress}::payment::get_payment_record`,
      arguments: [processId, taskId, args.address],
    });
    if (!record.ok) return record;
    const value = record.value[0];
    if (!isPaymentRecord(value)) {
      return { ok: false, message: "The ledger's payment record was not understood" };
    }
    payments.push({ record: value, transaction });
  }
  return { ok: true, payments, truncated };
}
