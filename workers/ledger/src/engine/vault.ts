import { AccountAddress, createObjectAddress } from "@aptos-labs/ts-sdk";
import { ESCROW_VAULT_SEED } from "#shared/contract";

/** The seed init_module passes to `object::create_named_object` for the escrow vault. */
export const VAULT_SEED = ESCROW_VAULT_SEED;

const derived = new Map<string, string>();

/**
 * The vault's address as Aptos derives it: sha3_256(creator ‖ seed ‖ 0xFE), long form.
 * Memoised: it is read on every payment and depends only on the publisher.
 */
export function escrowVaultAddress(moduleAddress: string): string {
  let vault = derived.get(moduleAddress);
  if (vault === undefined) {
    vault = createObjectAddress(AccountAddress.from(moduleAddress), VAULT_SEED).toStringLong();
    derived.set(moduleAddress, vault);
  }
  return vault;
}
