import { Account, Ed25519PrivateKey, PrivateKey, PrivateKeyVariants } from "@aptos-labs/ts-sdk";
import { signUnsignedTransaction } from "#shared/x402/escrow-client";
import type { PaymentPayload, PaymentRequired } from "#shared/x402/transport";

/**
 * The documented signer of an x402 offer (docs/x402.md): the offered make_payment's bytes, signed
 * by the payer's Ed25519 key, as the payload's `signedTransaction`.
 */
export function signOffered(args: { key: string; unsignedTransaction: string }): Promise<string> {
  const signer = Account.fromPrivateKey({
    privateKey: new Ed25519PrivateKey(
      PrivateKey.formatPrivateKey(args.key, PrivateKeyVariants.Ed25519),
    ),
  });
  return signUnsignedTransaction(signer, args.unsignedTransaction);
}

/**
 * The PaymentPayload that pays an offer (a PaymentRequired as the gateway sent it): its first
 * requirement accepted, its make_payment signed by `key` (docs/x402.md).
 */
export async function paymentForOffer(args: {
  offered: unknown;
  key: string;
}): Promise<PaymentPayload> {
  const accepted = (args.offered as PaymentRequired | undefined)?.accepts[0];
  const unsigned = accepted?.extra.unsignedTransaction;
  if (accepted === undefined || typeof unsigned !== "string") {
    throw new Error(`no transaction offered: ${JSON.stringify(args.offered)}`);
  }
  return {
    x402Version: 2,
    accepted,
    payload: {
      signedTransaction: await signOffered({ key: args.key, unsignedTransaction: unsigned }),
    },
  };
}
