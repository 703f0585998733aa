import { Account, Ed25519PrivateKey, PrivateKey, PrivateKeyVariants } from "@aptos-labs/ts-sdk";

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
