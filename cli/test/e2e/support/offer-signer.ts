import { Account, Ed25519PrivateKey, PrivateKey, PrivateKeyVariants } from "@aptos-labs/ts-sdk";
import { signUnsignedTransaction } from "#shared/x402/escrow-client";

/**
 * The documented signer of an x402 offer (docs/x402.md): the offered make_payment's bytes, signed
 * by the payer's Ed25519 key, as the payload's `signedTransaction`.
 */
export function signOffered(args: { key: string; unsignedTransaction: string }): string {
  const signer = Account.fromPrivateKey({
    privateKey: new Ed25519PrivateKey(
      PrivateKey.formatPrivateKey(args.key, PrivateKeyVariants.Ed25519),
    ),
  });
  return signUnsignedTransaction(signer, args.unsignedTransaction);
}
