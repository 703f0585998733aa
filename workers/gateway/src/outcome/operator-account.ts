import {
  Account,
  type Ed25519Account,
  Ed25519PrivateKey,
  PrivateKey,
  PrivateKeyVariants,
} from "@aptos-labs/ts-sdk";
import { ed25519SeedSigner } from "#shared/auth/ed25519-signer";
import { ed25519Authenticator, ed25519SimulationAuthenticator } from "#shared/ledger/entry-bcs";
import type { LedgerSigner } from "#shared/ledger/transactions";

let cached: { key: string; account: Ed25519Account } | null = null;

/** The operator account of OPERATOR_PRIVATE_KEY, derived once per isolate; null without a key. */
export function operatorAccount(privateKey: string | null): Ed25519Account | null {
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
 * before submitting it (docs/gateway.md, "One payment, one attempt"). It signs on Web Crypto's
 * native Ed25519, the same bytes as the Account's pure-JS signature (docs/gateway.md, "Trust
 * model").
 */
export function simulatingSigner(account: Ed25519Account): LedgerSigner {
  const publicKey = account.publicKey.toUint8Array();
  const sign = ed25519SeedSigner(account.privateKey.toUint8Array());
  const simulation = ed25519SimulationAuthenticator(publicKey);
  return {
    accountAddress: account.accountAddress,
    signWithAuthenticator: async (message) => {
      const authenticator = ed25519Authenticator(publicKey, await sign(message));
      return { bcsToBytes: () => authenticator };
    },
    simulationAuthenticator: () => ({ bcsToBytes: () => simulation }),
  };
}
