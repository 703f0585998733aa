import { bytesToHex } from "@noble/hashes/utils";
import { ed25519SimulationAuthenticator, signedTransactionBytes } from "#shared/ledger/entry-bcs";
import { entryTransactionBytes } from "#shared/ledger/raw-transaction-bcs";
import { type EscrowAction, escrowCall, type PaymentRecordJson } from "./escrow-payment.js";
import {
  accountInfo,
  ledgerInfo,
  simulate,
  submit,
  type UserTransaction,
  waitForTransaction,
} from "./ledger-api.js";
import type { TransactionSigner } from "./transaction-signer.js";

/**
 * The gas cap of an escrow action: a release, refund, cancel or settle costs far less on a real
 * node (the devnode charges 25 units, workers/ledger/src/tx/gas.ts); the cap is what the payer's
 * balance must cover, not what it pays.
 */
const MAX_GAS_AMOUNT = 20_000n;
/** How long a signed action stays valid, from the ledger's clock. */
const EXPIRATION_SECS = 60n;
const GAS_UNIT_PRICE = 100n;

/** The node's reason for a failed transaction, in its words (its vm_status). */
function failure(tx: UserTransaction & { vm_status?: unknown }): string {
  return typeof tx.vm_status === "string" ? tx.vm_status : "the ledger refused it";
}

/**
 * One escrow action signed by the connected wallet (docs/console.md, "My payments"), as the CLI
 * does it: built from the ledger's chain, the account's sequence number and the clock, simulated
 * first (nothing is signed when the simulation fails), then signed, submitted and awaited.
 * Answers the committed transaction's hash, or why not in plain words.
 */
export async function runEscrowAction(args: {
  action: EscrowAction;
  record: PaymentRecordJson;
  signer: TransactionSigner;
  moduleAddress: string;
}): Promise<{ ok: true; hash: string } | { ok: false; message: string }> {
  const { signer } = args;
  if (signer.publicKey === null) {
    return {
      ok: false,
      message: `${signer.label} does not tell its public key, so the console cannot simulate this first; use the CLI`,
    };
  }
  const [ledger, account] = await Promise.all([ledgerInfo(), accountInfo(signer.address)]);
  if (!ledger.ok) return ledger;
  if (!account.ok) return account;
  const call = escrowCall(args.action, args.record);
  const raw = entryTransactionBytes({
    sender: signer.address,
    sequenceNumber: BigInt(account.value.sequence_number),
    function: { address: args.moduleAddress, module: "payment", name: call.function },
    args: call.args,
    maxGasAmount: MAX_GAS_AMOUNT,
    gasUnitPrice: GAS_UNIT_PRICE,
    expirationTimestampSecs: BigInt(ledger.value.ledger_timestamp) / 1_000_000n + EXPIRATION_SECS,
    chainId: ledger.value.chain_id,
  });
  const simulation = signedTransactionBytes(raw, ed25519SimulationAuthenticator(signer.publicKey));
  const simulated = await simulate(`0x${bytesToHex(simulation)}`);
  if (!simulated.ok) return simulated;
  const outcome = simulated.value[0];
  if (outcome === undefined || !outcome.success) {
    return {
      ok: false,
      message: `The ledger would refuse it: ${outcome === undefined ? "no answer" : failure(outcome)}; nothing was signed`,
    };
  }
  const signed = await signer.sign(`0x${bytesToHex(raw)}`);
  if (!signed.ok) return signed;
  const pending = await submit(signed.signedTransaction);
  if (!pending.ok) return pending;
  const committed = await waitForTransaction(pending.value.hash);
  if (!committed.ok) return committed;
  if (!committed.value.success) return { ok: false, message: failure(committed.value) };
  return { ok: true, hash: committed.value.hash };
}
