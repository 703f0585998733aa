import {
  AccountAddress,
  ChainId,
  Ed25519PrivateKey,
  EntryFunction,
  generateSigningMessageForTransaction,
  RawTransaction,
  SignedTransaction,
  SimpleTransaction,
  TransactionAuthenticatorEd25519,
  TransactionPayloadEntryFunction,
  U64,
} from "@aptos-labs/ts-sdk";
import { z } from "zod";
import { formatZodIssue } from "#shared/errors/validation";
import { decodeSignedTransaction } from "../tx/decode.js";
import { commitTransaction } from "../tx/execute.js";
import { TRANSFER_GAS_UNITS } from "../tx/gas.js";
import { prepareTransaction } from "../tx/submit.js";
import { parseAddress } from "./address.js";
import type { NodeContext } from "./context.js";
import { NodeError } from "./errors.js";

/**
 * The faucet's key: PUBLIC and well known, like the devnode admin key; it exists only so that
 * faucet transfers are ordinary signed transactions from an ordinary account.
 */
export const FAUCET_PRIVATE_KEY =
  "ed25519-priv-0xb45b5b9f8108644d2a74df7b52754b1d4532622e976e880637b8bd148620966b";
const faucetKey = new Ed25519PrivateKey(FAUCET_PRIVATE_KEY);
const faucetPublicKey = faucetKey.publicKey();
export const FAUCET_ADDRESS = faucetPublicKey.authKey().derivedAddress().toStringLong();

/** The most one request may mint: 1,000,000 APT. */
export const MAX_FUND_OCTAS = 100_000_000_000_000n;

const FundBody = z.object({
  address: z.string().min(1),
  amount: z.union([
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    z.string().regex(/^[1-9]\d{0,19}$/, { message: "amount must be a positive integer" }),
  ]),
});

/** Reads the faucet's `{address, amount}` body (amount a JSON number, as the SDK sends it). */
export function parseFundBody(body: unknown): { address: string; amount: bigint } {
  const parsed = FundBody.safeParse(body);
  if (!parsed.success) {
    throw NodeError.invalidInput(formatZodIssue(parsed.error.issues, "body"));
  }
  const amount = BigInt(parsed.data.amount);
  if (amount > MAX_FUND_OCTAS) {
    throw NodeError.invalidInput(`amount: at most ${MAX_FUND_OCTAS} octas per request`);
  }
  return { address: parseAddress(parsed.data.address, "address"), amount };
}

/**
 * Funds an account as a real faucet does: a signed 0x1::aptos_account::transfer from the faucet
 * account, committed like any user transaction. The faucet's balance is minted inside the same
 * SQL transaction (amount plus the fee), so the faucet itself always ends at zero. Returns the
 * committed hash and the signed transaction's BCS bytes (the Aptos CLI asks for the transaction).
 */
export function fund(args: { ctx: NodeContext; address: string; amount: bigint }): {
  hash: string;
  signed: Uint8Array;
} {
  const { ctx } = args;
  const sequence = ctx.store.account(FAUCET_ADDRESS).sequenceNumber;
  const raw = new RawTransaction(
    AccountAddress.from(FAUCET_ADDRESS),
    sequence,
    new TransactionPayloadEntryFunction(
      EntryFunction.build(
        "0x1::aptos_account",
        "transfer",
        [],
        [AccountAddress.from(args.address), new U64(args.amount)],
      ),
    ),
    TRANSFER_GAS_UNITS,
    100n,
    ctx.clock.nowSeconds() + 60n,
    new ChainId(ctx.config.chainId),
  );
  const message = generateSigningMessageForTransaction(new SimpleTransaction(raw));
  const signed = new SignedTransaction(
    raw,
    new TransactionAuthenticatorEd25519(faucetPublicKey, faucetKey.sign(message)),
  );
  const bytes = signed.bcsToBytes();
  const prepared = prepareTransaction(ctx, decodeSignedTransaction(bytes));
  commitTransaction({ ctx, ...prepared, mintFirst: args.amount + TRANSFER_GAS_UNITS * 100n });
  return { hash: prepared.decoded.hash, signed: bytes };
}
