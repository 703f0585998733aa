import {
  Account,
  AccountAddress,
  ChainId,
  generateSignedTransaction,
  generateSigningMessageForTransaction,
  generateTransactionPayloadWithABI,
  RawTransaction,
  Secp256k1PrivateKey,
  SimpleTransaction,
} from "@aptos-labs/ts-sdk";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bytesToHex } from "#shared/auth/bytes";
import { DEVNODE_MODULE_ADDRESS } from "#shared/contract/devnode";
import { type EntryFunctionName, FUNCTIONS } from "#shared/contract/functions";
import { entryFunctionAbi, functionId } from "#shared/ledger/abi";
import {
  ed25519Address,
  type MoveArgument,
  rawEntryTransactionBytes,
  signedTransactionBytes,
  signingMessage,
} from "#shared/ledger/entry-bcs";
import { LedgerError } from "#shared/ledger/errors";

const MAX_U64 = 2n ** 64n - 1n;

const hexAddress = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((bytes) => `0x${bytesToHex(bytes)}`);

function argumentOf(type: string): fc.Arbitrary<MoveArgument> {
  switch (type) {
    case "bool":
      return fc.boolean();
    case "u8":
      return fc.integer({ min: 0, max: 255 });
    case "u64":
      return fc.bigInt({ min: 0n, max: MAX_U64 });
    case "address":
      return fc.oneof(hexAddress, fc.constantFrom("0x0", "0x1", "0xa"));
    case "String":
      return fc.string({ unit: "grapheme", maxLength: 40 });
    case "vector<u8>":
      return fc.uint8Array({ maxLength: 300 });
  }
  const inner = /^vector<(.+)>$/.exec(type)?.[1];
  if (inner === undefined) throw new Error(`no arbitrary for ${type}`);
  return fc.array(argumentOf(inner), { maxLength: 4 });
}

const entryNames = (Object.keys(FUNCTIONS) as (keyof typeof FUNCTIONS)[]).filter(
  (name): name is EntryFunctionName => FUNCTIONS[name].kind === "entry",
);

const envelope = fc.record({
  sequenceNumber: fc.bigInt({ min: 0n, max: MAX_U64 }),
  maxGasAmount: fc.bigInt({ min: 0n, max: MAX_U64 }),
  gasUnitPrice: fc.bigInt({ min: 0n, max: MAX_U64 }),
  expirationTimestampSecs: fc.bigInt({ min: 0n, max: MAX_U64 }),
  chainId: fc.integer({ min: 0, max: 255 }),
});

type Envelope = typeof envelope extends fc.Arbitrary<infer T> ? T : never;

/** The SDK's raw transaction for the same call, its arguments converted by the table's ABI. */
function sdkRawTransaction(
  name: EntryFunctionName,
  sender: string,
  args: MoveArgument[],
  env: Envelope,
): RawTransaction {
  const payload = generateTransactionPayloadWithABI({
    function: functionId(DEVNODE_MODULE_ADDRESS, name),
    functionArguments: args,
    abi: entryFunctionAbi(DEVNODE_MODULE_ADDRESS, name),
  });
  return new RawTransaction(
    AccountAddress.from(sender),
    env.sequenceNumber,
    payload,
    env.maxGasAmount,
    env.gasUnitPrice,
    env.expirationTimestampSecs,
    new ChainId(env.chainId),
  );
}

describe("entry-function BCS without the SDK", () => {
  it("covers every entry function of the table", () => {
    expect(entryNames.length).toBeGreaterThan(10);
  });

  for (const name of entryNames) {
    it(`builds the SDK's exact bytes for ${name}: raw transaction, signing message, signed transaction`, () => {
      const spec = FUNCTIONS[name];
      const signer = Account.generate();
      fc.assert(
        fc.property(
          fc.tuple(...spec.params.map((param) => argumentOf(param.type))),
          envelope,
          (args, env) => {
            const sender = signer.accountAddress.toStringLong();
            const ours = rawEntryTransactionBytes({
              sender,
              function: { address: DEVNODE_MODULE_ADDRESS, module: spec.module, name: spec.name },
              params: spec.params,
              args,
              ...env,
            });
            const sdkRaw = sdkRawTransaction(name, sender, args, env);
            expect(ours).toEqual(sdkRaw.bcsToBytes());
            const transaction = new SimpleTransaction(sdkRaw);
            expect(signingMessage(ours)).toEqual(generateSigningMessageForTransaction(transaction));
            const authenticator = signer.signWithAuthenticator(signingMessage(ours)).bcsToBytes();
            expect(signedTransactionBytes(ours, authenticator)).toEqual(
              generateSignedTransaction({
                transaction,
                senderAuthenticator: signer.signTransactionWithAuthenticator(transaction),
              }),
            );
          },
        ),
        { numRuns: 40 },
      );
    });
  }

  it("wraps a single-key (secp256k1) authenticator in SingleSender, as the SDK does", () => {
    const signer = Account.fromPrivateKey({ privateKey: Secp256k1PrivateKey.generate() });
    const spec = FUNCTIONS.make_payment;
    const env = {
      sequenceNumber: 3n,
      maxGasAmount: 200_000n,
      gasUnitPrice: 100n,
      expirationTimestampSecs: 1_900_000_000n,
      chainId: 4,
    };
    const args: MoveArgument[] = ["proc-1", "task-1", 5n];
    const sender = signer.accountAddress.toStringLong();
    const ours = rawEntryTransactionBytes({
      sender,
      function: { address: DEVNODE_MODULE_ADDRESS, module: spec.module, name: spec.name },
      params: spec.params,
      args,
      ...env,
    });
    const transaction = new SimpleTransaction(sdkRawTransaction("make_payment", sender, args, env));
    // secp256k1 signatures are deterministic (RFC 6979), so the two signed transactions match.
    const authenticator = signer.signWithAuthenticator(signingMessage(ours)).bcsToBytes();
    expect(signedTransactionBytes(ours, authenticator)).toEqual(
      generateSignedTransaction({
        transaction,
        senderAuthenticator: signer.signTransactionWithAuthenticator(transaction),
      }),
    );
  });

  it("derives an Ed25519 account's address as the SDK does", () => {
    for (let i = 0; i < 5; i++) {
      const account = Account.generate();
      expect(ed25519Address(account.publicKey.toUint8Array())).toBe(
        account.accountAddress.toStringLong(),
      );
    }
  });

  it("refuses arguments that do not fit their Move type, naming the parameter", () => {
    const spec = FUNCTIONS.make_payment;
    const build = (args: MoveArgument[]) =>
      rawEntryTransactionBytes({
        sender: "0x1",
        sequenceNumber: 0n,
        function: { address: DEVNODE_MODULE_ADDRESS, module: spec.module, name: spec.name },
        params: spec.params,
        args,
        maxGasAmount: 1n,
        gasUnitPrice: 1n,
        expirationTimestampSecs: 1n,
        chainId: 4,
      });
    expect(() => build(["p", "t", MAX_U64 + 1n])).toThrow(/amount: must fit in u64/);
    expect(() => build(["p", "t", -1])).toThrow(LedgerError);
    expect(() => build(["p", 7, 1n])).toThrow(/task_id: expected a string/);
    expect(() => build(["p", "t"])).toThrow(/takes 3 arguments, got 2/);
  });
});
