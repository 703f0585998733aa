import {
  Account,
  AccountAddress,
  AccountAuthenticatorEd25519,
  Ed25519PublicKey,
  Ed25519Signature,
} from "@aptos-labs/ts-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { IDENTITY_KEY, NOBODYS_SIGNATURE, withLAddedToS } from "#shared/test/ed25519-vectors";
import { devnodeAptos } from "./sdk-client.js";

// Aptos verifies Ed25519 strictly (workers/ledger/README.md, "Transactions"): keys of small order
// and non-canonical signatures are refused, so nobody can sign for an account without its key.

const APT = 100_000_000;
const aptos = devnodeAptos();

async function balance(address: AccountAddress) {
  return aptos.getAccountAPTAmount({ accountAddress: address });
}

describe("strict Ed25519 on submitted transactions", () => {
  const nobody = new Ed25519PublicKey(IDENTITY_KEY);
  const nobodyAddress = AccountAddress.from(nobody.authKey().toString());
  const bob = Account.generate();
  const alice = Account.generate();

  beforeAll(async () => {
    await aptos.fundAccount({ accountAddress: nobodyAddress, amount: 3 * APT });
    await aptos.fundAccount({ accountAddress: alice.accountAddress, amount: 3 * APT });
    await aptos.fundAccount({ accountAddress: bob.accountAddress, amount: APT });
  });

  it("refuses a transfer of 1 APT from the identity key's account, signed by nobody", async () => {
    const before = [await balance(nobodyAddress), await balance(bob.accountAddress)];
    const transaction = await aptos.transaction.build.simple({
      sender: nobodyAddress,
      data: {
        function: "0x1::aptos_account::transfer",
        functionArguments: [bob.accountAddress, APT],
      },
    });
    const senderAuthenticator = new AccountAuthenticatorEd25519(
      nobody,
      new Ed25519Signature(NOBODYS_SIGNATURE),
    );
    await expect(
      aptos.transaction.submit.simple({ transaction, senderAuthenticator }),
    ).rejects.toMatchObject({ status: 400, data: { vm_error_code: 1 } });
    expect([await balance(nobodyAddress), await balance(bob.accountAddress)]).toEqual(before);
  });

  it("refuses a valid signature whose S has L added (S >= L)", async () => {
    const before = [await balance(alice.accountAddress), await balance(bob.accountAddress)];
    const transaction = await aptos.transaction.build.simple({
      sender: alice.accountAddress,
      data: {
        function: "0x1::aptos_account::transfer",
        functionArguments: [bob.accountAddress, 1_000],
      },
    });
    const real = aptos.transaction.sign({ signer: alice, transaction });
    if (!(real instanceof AccountAuthenticatorEd25519))
      throw new Error("expected a legacy Ed25519 authenticator");
    const malleated = new AccountAuthenticatorEd25519(
      real.public_key,
      new Ed25519Signature(withLAddedToS(real.signature.toUint8Array())),
    );
    await expect(
      aptos.transaction.submit.simple({ transaction, senderAuthenticator: malleated }),
    ).rejects.toMatchObject({ status: 400, data: { vm_error_code: 1 } });
    expect([await balance(alice.accountAddress), await balance(bob.accountAddress)]).toEqual(
      before,
    );
  });
});
