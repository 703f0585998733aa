import { hexToBytes } from "#shared/auth/bytes";
import { readWhole } from "#shared/ledger/bcs-reader";
import { readEntryTransaction } from "#shared/ledger/raw-transaction-bcs";
import { sameAddress } from "./same-address.js";

/**
 * The most gas a payment may offer to burn: the gas cap the gateway's transactions use, at most
 * ten times the ledger's minimum unit price (100 octas). A fee is charged from the payer's
 * account at whatever unit price it signed, so an offer at 10^8 octas a unit would cost hundreds
 * of APT in fees for the same payment.
 */
const MAX_GAS_AMOUNT = 200_000n;
const MAX_GAS_UNIT_PRICE = 1_000n;

/**
 * Whether a make_payment offered to sign is the payment the user asked for (docs/console.md,
 * "Paying for a run"): the package's payment::make_payment, sent by the connected account, for
 * this process, at the price shown, with a bounded gas fee, on the gateway's ledger (its chain id).
 * Any other transaction is refused before a wallet sees it.
 * Answers null when it is, else why not in plain words.
 */
export function makePaymentProblem(args: {
  rawHex: string;
  moduleAddress: string;
  sender: string;
  processId: string;
  price: bigint;
  /** The chain the gateway's ledger is (its ledger info's chain_id). */
  chainId: number;
}): string | null {
  const bytes = hexToBytes(args.rawHex.replace(/^0x/i, ""));
  const tx = bytes === null ? null : readEntryTransaction(bytes);
  if (tx === null) return "The transaction offered to sign is not a payment the console can read";
  const { address, module, name } = tx.function;
  if (
    !sameAddress(address, args.moduleAddress) ||
    `${module}::${name}` !== "payment::make_payment"
  ) {
    return `The transaction offered to sign calls ${address}::${module}::${name}, not the platform's payment::make_payment`;
  }
  if (tx.chainId !== args.chainId) {
    return `The transaction offered to sign is for chain ${tx.chainId}, not this gateway's ledger (chain ${args.chainId})`;
  }
  if (!sameAddress(tx.sender, args.sender)) {
    return "The transaction offered to sign is sent from another account than the connected wallet";
  }
  const [processId, taskId, amount] = tx.args;
  if (
    processId === undefined ||
    taskId === undefined ||
    amount === undefined ||
    tx.args.length !== 3
  ) {
    return "The transaction offered to sign does not carry make_payment's three arguments";
  }
  if (readWhole(processId, (r) => r.string()) !== args.processId) {
    return "The transaction offered to sign pays for another process than this one";
  }
  if (readWhole(amount, (r) => r.u64()) !== args.price) {
    return "The transaction offered to sign does not pay the price shown";
  }
  if (tx.maxGasAmount > MAX_GAS_AMOUNT || tx.gasUnitPrice > MAX_GAS_UNIT_PRICE) {
    return `The transaction offered to sign may burn up to ${tx.maxGasAmount * tx.gasUnitPrice} octas in gas, more than a payment needs`;
  }
  return null;
}
