import { SELF } from "cloudflare:test";
import {
  Account,
  generateSignedTransaction,
  Serializer,
  TransactionResponseType,
} from "@aptos-labs/ts-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, devnodeAptos } from "./sdk-client.js";

const APT = 100_000_000;
const aptos = devnodeAptos();
const SIGNED_BCS = "application/x.aptos.signed_transaction+bcs";
// The SDK's default (2,000,000 units at 100 octas) reserves 2 APT; a transfer needs far less.
const MAX_GAS = 10_000;

/** A signed APT transfer, built with an explicit sequence number so batches can run ahead. */
async function signedTransfer(sender: Account, to: Account, amount: number, sequence: number) {
  const transaction = await aptos.transaction.build.simple({
    sender: sender.accountAddress,
    data: {
      function: "0x1::aptos_account::transfer",
      functionArguments: [to.accountAddress, amount],
    },
    options: { accountSequenceNumber: sequence, maxGasAmount: MAX_GAS },
  });
  const senderAuthenticator = aptos.transaction.sign({ signer: sender, transaction });
  return { bytes: generateSignedTransaction({ transaction, senderAuthenticator }) };
}

/** BCS vector<SignedTransaction>: the ULEB128 count, then each transaction's own bytes. */
function batchBody(transactions: Uint8Array[]): Uint8Array {
  const s = new Serializer();
  s.serializeU32AsUleb128(transactions.length);
  for (const t of transactions) s.serializeFixedBytes(t);
  return s.toUint8Array();
}

function postBatch(body: Uint8Array, contentType = SIGNED_BCS) {
  return SELF.fetch(`${BASE}/v1/transactions/batch`, {
    method: "POST",
    headers: { "content-type": contentType },
    body,
  });
}

async function state(...accounts: Account[]) {
  return Promise.all(
    accounts.map(async (a) => ({
      balance: await aptos.getAccountAPTAmount({ accountAddress: a.accountAddress }),
      sequence: (await aptos.getAccountInfo({ accountAddress: a.accountAddress })).sequence_number,
    })),
  );
}

describe("POST /v1/transactions/batch", () => {
  const alice = Account.generate();
  const bob = Account.generate();
  const carol = Account.generate();
  beforeAll(async () => {
    for (const a of [alice, bob, carol]) {
      await aptos.fundAccount({ accountAddress: a.accountAddress, amount: 2 * APT });
    }
  });

  it("commits every transaction of a batch, in order, and answers 202 with no failures", async () => {
    const before = await state(alice, bob, carol);
    const seqA = Number(before[0]?.sequence);
    const seqB = Number(before[1]?.sequence);
    const batch = [
      await signedTransfer(alice, carol, 1_000, seqA),
      await signedTransfer(bob, carol, 2_000, seqB),
      await signedTransfer(alice, carol, 3_000, seqA + 1),
    ];
    const response = await postBatch(batchBody(batch.map((t) => t.bytes)));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ transaction_failures: [] });
    const after = await state(alice, bob, carol);
    expect(after[0]?.sequence).toBe(String(seqA + 2));
    expect(after[1]?.sequence).toBe(String(seqB + 1));
    expect(after[2]?.balance).toBe((before[2]?.balance ?? 0) + 6_000);
  });

  it("lists a refused transaction by index with the node's error and commits the others (206)", async () => {
    const before = await state(alice, bob, carol);
    const seqA = Number(before[0]?.sequence);
    const seqB = Number(before[1]?.sequence);
    const batch = [
      await signedTransfer(alice, carol, 1_000, seqA),
      // A replay of a spent sequence number: refused, as if submitted alone.
      await signedTransfer(bob, carol, 5_000, seqB - 1),
      await signedTransfer(bob, carol, 2_000, seqB),
    ];
    const response = await postBatch(batchBody(batch.map((t) => t.bytes)));
    expect(response.status).toBe(206);
    expect(await response.json()).toEqual({
      transaction_failures: [
        {
          transaction_index: 1,
          error: {
            message: expect.stringContaining("SEQUENCE_NUMBER_TOO_OLD"),
            error_code: "vm_error",
            vm_error_code: 3,
          },
        },
      ],
    });
    const after = await state(alice, bob, carol);
    expect(after[2]?.balance).toBe((before[2]?.balance ?? 0) + 3_000);
    expect(after[1]?.sequence).toBe(String(seqB + 1));
  });

  it("answers 400 when every transaction of the batch is refused, and moves nothing", async () => {
    const before = await state(alice, carol);
    const seqA = Number(before[0]?.sequence);
    const batch = [
      await signedTransfer(alice, carol, 1_000, seqA + 5),
      await signedTransfer(alice, carol, 1_000, seqA + 6),
    ];
    const response = await postBatch(batchBody(batch.map((t) => t.bytes)));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error_code: "invalid_input",
      message: "All transactions submitted were invalid.",
    });
    expect(await state(alice, carol)).toEqual(before);
  });

  it("refuses a batch with a malformed entry as a whole, committing none of it", async () => {
    const before = await state(alice, carol);
    const good = await signedTransfer(alice, carol, 1_000, Number(before[0]?.sequence));
    const body = batchBody([good.bytes, good.bytes.subarray(0, 40)]);
    const response = await postBatch(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error_code: "invalid_input",
      message: expect.stringContaining("Failed to deserialize input"),
    });
    expect(await state(alice, carol)).toEqual(before);
  });

  it("refuses more than 100 transactions in one batch", async () => {
    const before = await state(alice, carol);
    const one = await signedTransfer(alice, carol, 1, Number(before[0]?.sequence));
    const response = await postBatch(batchBody(Array.from({ length: 101 }, () => one.bytes)));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: expect.stringContaining("at most 100 per batch"),
    });
    expect(await state(alice, carol)).toEqual(before);
  });

  it("accepts an empty batch, as the node does", async () => {
    const response = await postBatch(batchBody([]));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ transaction_failures: [] });
  });

  it("refuses a body that is not declared as BCS signed transactions (415)", async () => {
    const response = await postBatch(batchBody([]), "application/json");
    expect(response.status).toBe(415);
  });
});

describe("concurrent submissions (group commit)", () => {
  it("commits concurrent transactions from many senders each once, at distinct versions", async () => {
    const receiver = Account.generate();
    const senders = Array.from({ length: 12 }, () => Account.generate());
    for (const s of senders) {
      await aptos.fundAccount({ accountAddress: s.accountAddress, amount: 2 * APT });
    }
    // One of them overdraws: it aborts on its own, committed as failed, without touching the rest.
    const amounts = senders.map((_, i) => (i === 5 ? 10 * APT : 1_000 + i));
    const pending = await Promise.all(
      senders.map(async (s, i) => {
        const transaction = await aptos.transaction.build.simple({
          sender: s.accountAddress,
          data: {
            function: "0x1::aptos_account::transfer",
            functionArguments: [receiver.accountAddress, amounts[i] ?? 0],
          },
          options: { maxGasAmount: MAX_GAS },
        });
        return aptos.signAndSubmitTransaction({ signer: s, transaction });
      }),
    );
    const committed = await Promise.all(
      pending.map((p) => aptos.getTransactionByHash({ transactionHash: p.hash })),
    );
    const versions = new Set<string>();
    committed.forEach((txn, i) => {
      if (txn.type !== TransactionResponseType.User) throw new Error("expected a user transaction");
      versions.add(txn.version);
      expect(txn.success).toBe(i !== 5);
    });
    expect(versions.size).toBe(senders.length);
    const expected = amounts.reduce((sum, a, i) => (i === 5 ? sum : sum + a), 0);
    expect(await aptos.getAccountAPTAmount({ accountAddress: receiver.accountAddress })).toBe(
      expected,
    );
  });
});
