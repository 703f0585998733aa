import {
  Account,
  AccountAuthenticator,
  Deserializer,
  generateSignedTransaction,
  generateUserTransactionHash,
  Hex,
  SignedTransaction,
  SigningSchemeInput,
  SimpleTransaction,
} from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import { DEVNODE_MODULE_ADDRESS } from "#shared/contract/devnode";
import {
  decodeSignedTransaction,
  signTransactionHex,
  simulationBytes,
} from "#shared/ledger/signed-transactions";
import { failure } from "./ledger-failure.js";
import { MockNode, mockClient } from "./mock-node.js";

describe("client-signed make_payment", () => {
  it("round-trips: build unsigned, sign to hex, decode sender, function, args and chain id", async () => {
    const node = new MockNode();
    const client = mockClient(node);
    const payer = Account.generate();
    const transaction = await client.buildUnsignedMakePayment({
      sender: payer.accountAddress.toString(),
      request: { processId: "proc-3", taskId: "run-1", amount: 42n },
    });
    const hex = signTransactionHex({ signer: payer, transaction });
    const decoded = client.decodeSignedTransaction(hex);
    expect(decoded).toMatchObject({
      sender: payer.accountAddress.toStringLong(),
      entryFunction: "make_payment",
      function: `${DEVNODE_MODULE_ADDRESS}::payment::make_payment`,
      args: { process_id: "proc-3", task_id: "run-1", amount: 42n },
      chainId: 4,
      typeArguments: [],
    });
    expect(node.abiRequests()).toEqual([]);
  });

  it("expires when told: a transaction to sign by hand outlives the SDK's 20 s default", async () => {
    const client = mockClient(new MockNode());
    const payer = Account.generate();
    const expiresAtSecs = Math.floor(Date.now() / 1000) + 600;
    const transaction = await client.buildUnsignedMakePayment({
      sender: payer.accountAddress.toString(),
      request: { processId: "p", taskId: "t", amount: 1n },
      expiresAtSecs,
    });
    expect(transaction.rawTransaction.expiration_timestamp_secs).toBe(BigInt(expiresAtSecs));
    const decoded = client.decodeSignedTransaction(
      signTransactionHex({ signer: payer, transaction }),
    );
    expect(decoded.expirationTimestampSecs).toBe(BigInt(expiresAtSecs));
  });

  it("submits the signed bytes unchanged and waits for the commit", async () => {
    const node = new MockNode();
    const client = mockClient(node);
    const payer = Account.generate();
    const transaction = await client.buildUnsignedMakePayment({
      sender: payer.accountAddress.toString(),
      request: { processId: "p", taskId: "t", amount: "9" },
    });
    const hex = signTransactionHex({ signer: payer, transaction });
    const receipt = await client.submitSignedTransaction(hex);
    const submit = node.requests.find(
      (r) => r.method === "POST" && r.url.pathname === "/v1/transactions",
    );
    expect(Hex.fromHexInput(submit?.body ?? new Uint8Array()).toString()).toBe(hex);
    expect(submit?.headers.get("content-type")).toBe("application/x.aptos.signed_transaction+bcs");
    expect(receipt.hash).toBe(decodeSignedTransaction(hex, DEVNODE_MODULE_ADDRESS).hash);
  });

  it("computes the same transaction hash as the sdk", async () => {
    const node = new MockNode();
    const client = mockClient(node);
    const payer = Account.generate();
    const transaction = await client.buildUnsignedMakePayment({
      sender: payer.accountAddress.toString(),
      request: { processId: "p", taskId: "t", amount: 1n },
    });
    const senderAuthenticator = payer.signTransactionWithAuthenticator(transaction);
    const expected = generateUserTransactionHash({ transaction, senderAuthenticator });
    const hex = signTransactionHex({ signer: payer, transaction });
    expect(decodeSignedTransaction(hex, DEVNODE_MODULE_ADDRESS).hash).toBe(expected);
  });

  it("decodes a function of another package without table arguments", async () => {
    const node = new MockNode();
    const client = mockClient(node);
    const payer = Account.generate();
    const transaction = await client.buildUnsignedMakePayment({
      sender: payer.accountAddress.toString(),
      request: { processId: "p", taskId: "t", amount: 1n },
    });
    const hex = signTransactionHex({ signer: payer, transaction });
    const other = decodeSignedTransaction(hex, `0x${"c".repeat(64)}`);
    expect(other.entryFunction).toBeUndefined();
    expect(other.args).toEqual({});
  });

  it("refuses bytes that are not hex or not a signed transaction, as invalid_input", () => {
    expect(() => decodeSignedTransaction("zz", DEVNODE_MODULE_ADDRESS)).toThrow(/hex-encoded/);
    expect(() => decodeSignedTransaction("0x0102", DEVNODE_MODULE_ADDRESS)).toThrow(
      expect.objectContaining({ kind: "invalid_input" }),
    );
  });

  it("simulates the signed bytes with a zeroed signature and throws the abort they would end in, submitting nothing", async () => {
    const node = new MockNode();
    node.simulation = {
      success: false,
      vm_status: `Move abort in ${DEVNODE_MODULE_ADDRESS}::payment: EPAYMENT_EXISTS(0x80019): used`,
    };
    const client = mockClient(node);
    const payer = Account.generate();
    const transaction = await client.buildUnsignedMakePayment({
      sender: payer.accountAddress.toString(),
      request: { processId: "p", taskId: "t", amount: 1n },
    });
    const hex = signTransactionHex({ signer: payer, transaction });
    const error = await failure(client.simulateSignedTransaction(hex));
    expect(error).toMatchObject({
      kind: "abort",
      message:
        "A payment for this process, task and payer exists; keys are never reused (EPAYMENT_EXISTS in payment)",
    });
    expect(node.requests.map((r) => `${r.method} ${r.url.pathname}`)).toContain(
      "POST /v1/transactions/simulate",
    );
    expect(node.requests.some((r) => r.url.pathname === "/v1/transactions")).toBe(false);
    const simulated = node.requests.find((r) => r.url.pathname === "/v1/transactions/simulate");
    const read = SignedTransaction.deserialize(
      new Deserializer(simulated?.body ?? new Uint8Array()),
    );
    expect(read.raw_txn.bcsToHex().toString()).toBe(
      transaction.rawTransaction.bcsToHex().toString(),
    );
    const account = AccountAuthenticator.deserialize(
      new Deserializer(read.authenticator.bcsToBytes()),
    );
    if (!account.isEd25519()) throw new Error("not an Ed25519 authenticator");
    expect(account.public_key.toString()).toBe(payer.publicKey.toString());
    expect(account.signature.toUint8Array()).toEqual(new Uint8Array(64));
  });

  it("simulates a single-key account's payment and refuses one signed with a fee payer", async () => {
    const client = mockClient(new MockNode());
    const payer = Account.generate({ scheme: SigningSchemeInput.Ed25519, legacy: false });
    const transaction = await client.buildUnsignedMakePayment({
      sender: payer.accountAddress.toString(),
      request: { processId: "p", taskId: "t", amount: 1n },
    });
    const single = SignedTransaction.deserialize(
      new Deserializer(simulationBytes(signTransactionHex({ signer: payer, transaction }))),
    );
    const account = AccountAuthenticator.deserialize(
      new Deserializer(single.authenticator.bcsToBytes().slice(1)),
    );
    if (!account.isSingleKey()) throw new Error("not a single-key authenticator");
    expect(
      decodeSignedTransaction(
        signTransactionHex({ signer: payer, transaction }),
        DEVNODE_MODULE_ADDRESS,
      ).simulatable,
    ).toBe(true);
    expect(account.public_key.toString()).toBe(payer.publicKey.toString());
    expect(account.signature.signature.toUint8Array()).toEqual(new Uint8Array(64));

    const sponsor = Account.generate();
    const sponsored = new SimpleTransaction(transaction.rawTransaction, sponsor.accountAddress);
    const hex = Hex.fromHexInput(
      generateSignedTransaction({
        transaction: sponsored,
        senderAuthenticator: payer.signTransactionWithAuthenticator(sponsored),
        feePayerAuthenticator: sponsor.signTransactionWithAuthenticator(sponsored),
      }),
    ).toString();
    expect(decodeSignedTransaction(hex, DEVNODE_MODULE_ADDRESS).simulatable).toBe(false);
    expect(() => simulationBytes(hex)).toThrow(
      expect.objectContaining({ kind: "invalid_input", message: expect.stringContaining("alone") }),
    );
  });
});
