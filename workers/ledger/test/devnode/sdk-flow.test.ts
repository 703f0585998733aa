import { Account } from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import { devnodeAptos } from "./sdk-client.js";

const APT = 100_000_000;

describe("the unmodified ts-sdk against the devnode", () => {
  it("funds two accounts, transfers APT, reads balances and the transaction by hash", async () => {
    const aptos = devnodeAptos();
    const alice = Account.generate();
    const bob = Account.generate();
    await aptos.fundAccount({ accountAddress: alice.accountAddress, amount: 5 * APT });
    await aptos.fundAccount({ accountAddress: bob.accountAddress, amount: 3 * APT });
    expect(await aptos.getAccountAPTAmount({ accountAddress: alice.accountAddress })).toBe(5 * APT);

    const transaction = await aptos.transaction.build.simple({
      sender: alice.accountAddress,
      data: {
        function: "0x1::aptos_account::transfer",
        functionArguments: [bob.accountAddress, 1_000],
      },
    });
    const pending = await aptos.signAndSubmitTransaction({ signer: alice, transaction });
    const committed = await aptos.waitForTransaction({ transactionHash: pending.hash });
    expect(committed.success).toBe(true);

    const byHash = await aptos.getTransactionByHash({ transactionHash: pending.hash });
    expect(byHash.type).toBe("user_transaction");
    expect(byHash.hash).toBe(pending.hash);
    const gasUsed = BigInt("gas_used" in byHash ? byHash.gas_used : "0");
    expect(gasUsed).toBeGreaterThan(0n);

    expect(await aptos.getAccountAPTAmount({ accountAddress: bob.accountAddress })).toBe(
      3 * APT + 1_000,
    );
    expect(await aptos.getAccountAPTAmount({ accountAddress: alice.accountAddress })).toBe(
      5 * APT - 1_000 - Number(gasUsed) * 100,
    );
    const info = await aptos.getAccountInfo({ accountAddress: alice.accountAddress });
    expect(info.sequence_number).toBe("1");
  });
});
