// The RawTransaction reader the console checks an offer with before a wallet signs
// (docs/console.md, "Paying for a run"): it reads back what the writer writes (the writer's bytes
// are the SDK's: entry-bcs.test.ts), and refuses bytes that are not exactly one entry transaction.
import { Serializer } from "@aptos-labs/ts-sdk";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bytesToHex } from "#shared/auth/bytes";
import { readWhole } from "#shared/ledger/bcs-reader";
import { bcsOf } from "#shared/ledger/bcs-writer";
import {
  type EncodedEntryTransaction,
  entryTransactionBytes,
  readEntryTransaction,
} from "#shared/ledger/raw-transaction-bcs";

const MAX_U64 = 2n ** 64n - 1n;
const u64 = fc.bigInt({ min: 0n, max: MAX_U64 });
const longAddress = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((bytes) => `0x${bytesToHex(bytes)}`);

const entryTransaction: fc.Arbitrary<EncodedEntryTransaction> = fc.record({
  sender: longAddress,
  sequenceNumber: u64,
  function: fc.record({
    address: longAddress,
    module: fc.string({ unit: "grapheme", maxLength: 20 }),
    name: fc.string({ unit: "grapheme", maxLength: 20 }),
  }),
  args: fc.array(fc.uint8Array({ maxLength: 200 }), { maxLength: 5 }),
  maxGasAmount: u64,
  gasUnitPrice: u64,
  expirationTimestampSecs: u64,
  chainId: fc.integer({ min: 0, max: 255 }),
});

const example: EncodedEntryTransaction = {
  sender: `0x${"b2".repeat(32)}`,
  sequenceNumber: 7n,
  function: { address: `0x${"a1".repeat(32)}`, module: "payment", name: "make_payment" },
  args: [bcsOf((w) => w.str("paid-report")), bcsOf((w) => w.u64(1000n))],
  maxGasAmount: 200_000n,
  gasUnitPrice: 100n,
  expirationTimestampSecs: 1_900_000_000n,
  chainId: 4,
};

describe("reading an entry RawTransaction", () => {
  it("reads back every transaction the writer writes, and writes the same bytes again", () => {
    fc.assert(
      fc.property(entryTransaction, (tx) => {
        const bytes = entryTransactionBytes(tx);
        const read = readEntryTransaction(bytes);
        expect(read).toEqual(tx);
        expect(read === null ? null : entryTransactionBytes(read)).toEqual(bytes);
      }),
      { numRuns: 200 },
    );
  });

  it("reads a short address in long form, as the writer pads it", () => {
    const read = readEntryTransaction(entryTransactionBytes({ ...example, sender: "0x1" }));
    expect(read?.sender).toBe(`0x${"0".repeat(63)}1`);
  });

  it("refuses every cut of the bytes, and the bytes with one more", () => {
    const bytes = entryTransactionBytes(example);
    for (let length = 0; length < bytes.length; length++) {
      expect(readEntryTransaction(bytes.subarray(0, length))).toBeNull();
    }
    expect(readEntryTransaction(Uint8Array.of(...bytes, 0))).toBeNull();
  });

  it("refuses another payload than an entry function, and an entry function with type arguments", () => {
    const bytes = entryTransactionBytes(example);
    // The payload's variant follows the sender (32 bytes) and the sequence number (8).
    const script = Uint8Array.from(bytes);
    script[40] = 0;
    expect(readEntryTransaction(script)).toBeNull();
    const head = 41 + 32 + 1 + "payment".length + 1 + "make_payment".length;
    expect(bytes[head]).toBe(0);
    const withTypeArgument = Uint8Array.from(bytes);
    withTypeArgument[head] = 1;
    expect(readEntryTransaction(withTypeArgument)).toBeNull();
  });
});

describe("reading one BCS value whole", () => {
  it("reads the SDK's strings and u64s", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), u64, (text, n) => {
        const serializer = new Serializer();
        serializer.serializeStr(text);
        expect(readWhole(serializer.toUint8Array(), (r) => r.string())).toBe(text);
        const number = new Serializer();
        number.serializeU64(n);
        expect(readWhole(number.toUint8Array(), (r) => r.u64())).toBe(n);
      }),
    );
  });

  it("keeps a leading byte-order mark, which a default TextDecoder drops", () => {
    const marked = "\uFEFFpaid-report";
    expect(
      readWhole(
        bcsOf((w) => w.str(marked)),
        (r) => r.string(),
      ),
    ).toBe(marked);
  });

  it("answers null for bytes that hold less or more than the value", () => {
    const text = bcsOf((w) => w.str("paid-report"));
    expect(readWhole(text.subarray(0, -1), (r) => r.string())).toBeNull();
    expect(readWhole(Uint8Array.of(...text, 0), (r) => r.string())).toBeNull();
    expect(readWhole(Uint8Array.of(0xff, 0xfe), (r) => r.string())).toBeNull();
  });
});
