import { SELF } from "cloudflare:test";
import { Account } from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import { BASE, devnodeAptos } from "./sdk-client.js";

const APT = 100_000_000;

describe("GET /v1/accounts/:address/transactions on the devnode", () => {
  it("lists an account's own transactions in sequence order, paged as the REST API pages", async () => {
    const aptos = devnodeAptos();
    const alice = Account.generate();
    const bob = Account.generate();
    await aptos.fundAccount({ accountAddress: alice.accountAddress, amount: 5 * APT });
    const hashes: string[] = [];
    for (const amount of [1, 2, 3]) {
      const transaction = await aptos.transaction.build.simple({
        sender: alice.accountAddress,
        data: {
          function: "0x1::aptos_account::transfer",
          functionArguments: [bob.accountAddress, amount],
        },
      });
      const pending = await aptos.signAndSubmitTransaction({ signer: alice, transaction });
      await aptos.waitForTransaction({ transactionHash: pending.hash });
      hashes.push(pending.hash);
    }
    // The unmodified SDK reads the same shape a fullnode answers.
    const all = await aptos.getAccountTransactions({ accountAddress: alice.accountAddress });
    expect(all.map((t) => t.hash)).toEqual(hashes);
    expect(all.every((t) => t.type === "user_transaction")).toBe(true);
    const page = await aptos.getAccountTransactions({
      accountAddress: alice.accountAddress,
      options: { offset: 1, limit: 1 },
    });
    expect(page.map((t) => t.hash)).toEqual([hashes[1]]);
    // No start: the latest page; the receiver sent nothing, so it has none.
    const latest = await SELF.fetch(
      `${BASE}/v1/accounts/${alice.accountAddress.toStringLong()}/transactions?limit=2`,
    );
    expect(((await latest.json()) as { hash: string }[]).map((t) => t.hash)).toEqual(
      hashes.slice(1),
    );
    expect(await aptos.getAccountTransactions({ accountAddress: bob.accountAddress })).toEqual([]);
  });

  it("finds the transactions of an address with leading zeros, asked in its long form", async () => {
    const aptos = devnodeAptos();
    // An account whose address starts with a zero digit: the node prints it without.
    let payer = Account.generate();
    while (!payer.accountAddress.toStringLong().startsWith("0x0")) payer = Account.generate();
    await aptos.fundAccount({ accountAddress: payer.accountAddress, amount: 5 * APT });
    const transaction = await aptos.transaction.build.simple({
      sender: payer.accountAddress,
      data: {
        function: "0x1::aptos_account::transfer",
        functionArguments: [Account.generate().accountAddress, 1],
      },
    });
    const pending = await aptos.signAndSubmitTransaction({ signer: payer, transaction });
    await aptos.waitForTransaction({ transactionHash: pending.hash });
    const listed = await SELF.fetch(
      `${BASE}/v1/accounts/${payer.accountAddress.toStringLong()}/transactions`,
    );
    expect(((await listed.json()) as { hash: string }[]).map((t) => t.hash)).toEqual([
      pending.hash,
    ]);
  });

  it("refuses a start or limit that is not a u64, and a limit of 0", async () => {
    const address = Account.generate().accountAddress.toStringLong();
    for (const query of ["start=-1", "limit=abc", "limit=0", `start=${2n ** 64n}`]) {
      const answer = await SELF.fetch(`${BASE}/v1/accounts/${address}/transactions?${query}`);
      expect(answer.status, query).toBe(400);
      expect(await answer.json()).toMatchObject({ error_code: "invalid_input" });
    }
  });
});
