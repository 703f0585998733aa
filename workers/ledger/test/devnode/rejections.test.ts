import {
  Account,
  AccountAuthenticatorEd25519,
  type AnyRawTransaction,
  ChainId,
  Ed25519Signature,
  RawTransaction,
  SimpleTransaction,
} from "@aptos-labs/ts-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { devnodeAptos } from "./sdk-client.js";

const APT = 100_000_000;
const aptos = devnodeAptos();

async function snapshot(...accounts: Account[]) {
  return Promise.all(
    accounts.map(async (a) => ({
      balance: await aptos.getAccountAPTAmount({ accountAddress: a.accountAddress }),
      sequence: (await aptos.getAccountInfo({ accountAddress: a.accountAddress })).sequence_number,
    })),
  );
}

function transfer(sender: Account, to: Account, amount: number, options = {}) {
  return aptos.transaction.build.simple({
    sender: sender.accountAddress,
    data: {
      function: "0x1::aptos_account::transfer",
      functionArguments: [to.accountAddress, amount],
    },
    options,
  });
}

async function submitRejected(
  transaction: AnyRawTransaction,
  signer: Account,
  vmErrorCode: number,
) {
  const senderAuthenticator = aptos.transaction.sign({ signer, transaction });
  await expect(
    aptos.transaction.submit.simple({ transaction, senderAuthenticator }),
  ).rejects.toMatchObject({
    status: 400,
    data: { error_code: "vm_error", vm_error_code: vmErrorCode },
  });
}

describe("transactions a node refuses", () => {
  const alice = Account.generate();
  const bob = Account.generate();
  beforeAll(async () => {
    await aptos.fundAccount({ accountAddress: alice.accountAddress, amount: 3 * APT });
    await aptos.fundAccount({ accountAddress: bob.accountAddress, amount: 3 * APT });
  });

  it("rejects a forged signature with INVALID_SIGNATURE and moves nothing", async () => {
    const before = await snapshot(alice, bob);
    const transaction = await transfer(alice, bob, 1_000);
    const real = aptos.transaction.sign({ signer: alice, transaction });
    if (!(real instanceof AccountAuthenticatorEd25519))
      throw new Error("expected a legacy Ed25519 authenticator");
    const forgedBytes = real.signature.toUint8Array().slice();
    forgedBytes[10] = (forgedBytes[10] ?? 0) ^ 0xff;
    const forged = new AccountAuthenticatorEd25519(
      real.public_key,
      new Ed25519Signature(forgedBytes),
    );
    await expect(
      aptos.transaction.submit.simple({ transaction, senderAuthenticator: forged }),
    ).rejects.toMatchObject({ status: 400, data: { vm_error_code: 1 } });
    expect(await snapshot(alice, bob)).toEqual(before);
  });

  it("rejects a transaction signed by another key than the sender's with INVALID_AUTH_KEY", async () => {
    const before = await snapshot(alice, bob);
    await submitRejected(await transfer(alice, bob, 1_000), bob, 2);
    expect(await snapshot(alice, bob)).toEqual(before);
  });

  it("rejects a wrong chain id with BAD_CHAIN_ID and moves nothing", async () => {
    const before = await snapshot(alice, bob);
    const built = await transfer(alice, bob, 1_000);
    const r = built.rawTransaction;
    const raw = new RawTransaction(
      r.sender,
      r.sequence_number,
      r.payload,
      r.max_gas_amount,
      r.gas_unit_price,
      r.expiration_timestamp_secs,
      new ChainId(5),
    );
    await submitRejected(new SimpleTransaction(raw), alice, 23);
    expect(await snapshot(alice, bob)).toEqual(before);
  });

  it("rejects a replayed transaction with SEQUENCE_NUMBER_TOO_OLD; the first one counts once", async () => {
    const transaction = await transfer(alice, bob, 1_000);
    const senderAuthenticator = aptos.transaction.sign({ signer: alice, transaction });
    const first = await aptos.transaction.submit.simple({ transaction, senderAuthenticator });
    await aptos.waitForTransaction({ transactionHash: first.hash });
    const before = await snapshot(alice, bob);
    await expect(
      aptos.transaction.submit.simple({ transaction, senderAuthenticator }),
    ).rejects.toMatchObject({
      status: 400,
      data: { vm_error_code: 3 },
    });
    expect(await snapshot(alice, bob)).toEqual(before);
  });

  it("refuses a sequence number ahead of the account with SEQUENCE_NUMBER_TOO_NEW", async () => {
    const before = await snapshot(alice, bob);
    const next = BigInt(before[0]?.sequence ?? "0");
    await submitRejected(
      await transfer(alice, bob, 1_000, { accountSequenceNumber: next + 3n }),
      alice,
      4,
    );
    expect(await snapshot(alice, bob)).toEqual(before);
  });

  it("rejects an expired transaction with TRANSACTION_EXPIRED", async () => {
    const before = await snapshot(alice, bob);
    const past = Math.floor(Date.now() / 1000) - 10;
    await submitRejected(await transfer(alice, bob, 1_000, { expireTimestamp: past }), alice, 6);
    expect(await snapshot(alice, bob)).toEqual(before);
  });

  it("rejects a sender that cannot cover max gas x price with INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE", async () => {
    const poor = Account.generate();
    await aptos.fundAccount({ accountAddress: poor.accountAddress, amount: APT });
    const before = await snapshot(poor, bob);
    await submitRejected(await transfer(poor, bob, 1_000), poor, 5);
    expect(await snapshot(poor, bob)).toEqual(before);
  });

  it("commits an overdraft as a failed transaction: gas charged, sequence bumped, no APT moved", async () => {
    const [a0, b0] = await snapshot(alice, bob);
    // Her whole balance: the prologue passes (>= max gas x price), but the fee comes first.
    const transaction = await transfer(alice, bob, a0?.balance ?? 0);
    const pending = await aptos.signAndSubmitTransaction({ signer: alice, transaction });
    const committed = await aptos.waitForTransaction({
      transactionHash: pending.hash,
      options: { checkSuccess: false },
    });
    expect(committed.success).toBe(false);
    expect(committed.vm_status).toMatch(
      /^Move abort in 0x1::fungible_asset: EINSUFFICIENT_BALANCE\(0x10004\): /,
    );
    const gas = Number("gas_used" in committed ? committed.gas_used : 0) * 100;
    const [a1, b1] = await snapshot(alice, bob);
    expect(b1).toEqual(b0);
    expect(a1?.balance).toBe((a0?.balance ?? 0) - gas);
    expect(a1?.sequence).toBe(String(Number(a0?.sequence) + 1));
  });

  it("rejects an unknown function and badly typed arguments with the VM's status codes", async () => {
    const before = await snapshot(alice, bob);
    const good = await transfer(alice, bob, 1_000);
    const r = good.rawTransaction;
    const { EntryFunction, TransactionPayloadEntryFunction, U8, AccountAddress } = await import(
      "@aptos-labs/ts-sdk"
    );
    const withPayload = (fn: string, args: Parameters<typeof EntryFunction.build>[3]) =>
      new SimpleTransaction(
        new RawTransaction(
          r.sender,
          r.sequence_number,
          new TransactionPayloadEntryFunction(
            EntryFunction.build(
              fn.split("::").slice(0, 2).join("::") as `${string}::${string}`,
              fn.split("::")[2] ?? "",
              [],
              args,
            ),
          ),
          r.max_gas_amount,
          r.gas_unit_price,
          r.expiration_timestamp_secs,
          r.chain_id,
        ),
      );
    await submitRejected(withPayload("0x1::aptos_account::no_such_function", []), alice, 1091);
    await submitRejected(
      withPayload("0x1::aptos_account::transfer", [bob.accountAddress]),
      alice,
      1098,
    );
    await submitRejected(
      withPayload("0x1::aptos_account::transfer", [bob.accountAddress, new U8(1)]),
      alice,
      1100,
    );
    await submitRejected(withPayload("0x2::nothing::here", [AccountAddress.ONE]), alice, 1081);
    expect(await snapshot(alice, bob)).toEqual(before);
  });
});
