import { Account, Ed25519PrivateKey, PrivateKey, PrivateKeyVariants } from "@aptos-labs/ts-sdk";
import { ed25519SimulationAuthenticator } from "#shared/ledger/entry-bcs";
import type { LedgerSigner } from "#shared/ledger/transactions";

let cached: { key: string; account: Account } | null = null;

/** The operator account of OPERATOR_PRIVATE_KEY, derived once per isolate; null without a key. */
export function operatorAccount(privateKey: string | null): Account | null {
  if (privateKey === null) return null;
  if (cached?.key === privateKey) return cached.account;
  const account = Account.fromPrivateKey({
    privateKey: new Ed25519PrivateKey(
      PrivateKey.formatPrivateKey(privateKey, PrivateKeyVariants.Ed25519),
    ),
  });
  cached = { key: privateKey, account };
  return account;
}

/**
 * The operator account as a ledger signer that can also sign a simulation (its public key with
 * an all-zero signature, as the node requires), for the client that simulates the run claim
 * before submitting it (docs/gateway.md, "One payment, one attempt").
 */
export function simulatingSigner(account: Account): LedgerSigner {
  const simulation = ed25519SimulationAuthenticator(account.publicKey.toUint8Array());
  return {
    accountAddress: account.accountAddress,
    signWithAuthenticator: (message) => account.signWithAuthenticator(message),
    simulationAuthenticator: () => ({ bcsToBytes: () => simulation }),
  };
}
