// What the console checks before any wallet signs (docs/console.md, "Paying for a run"): the
// make_payment a gateway offers is read from its bytes, as shared/src/ledger/entry-bcs.ts writes
// them, and refused unless it calls the package's payment::make_payment, from the connected
// account, for the process and at the price asked. Each tampered offer below is one a hostile or
// mistaken gateway could send. Also: the transactions the console writes itself, and a browser
// wallet's authenticator turned into the SignedTransaction the node reads.
import { describe, expect, it } from "vitest";
import { bytesToHex } from "#shared/auth/bytes";
import { FUNCTIONS } from "#shared/contract/functions";
import { type MoveArgument, rawEntryTransactionBytes } from "#shared/ledger/entry-bcs";
import { signedTransactionOf } from "../../console/src/aptos-wallet-signer.js";
import { makePaymentProblem } from "../../console/src/make-payment-check.js";
import { entryHex, readEntryHex } from "./support/entry-hex.js";

const MODULE = `0x${"a1".repeat(32)}`;
const PAYER = `0x${"b2".repeat(32)}`;
const asked = {
  moduleAddress: MODULE,
  sender: PAYER,
  processId: "paid-report",
  price: 1000n,
  chainId: 4,
};

function offer(change: {
  sender?: string;
  module?: string;
  name?: string;
  args?: MoveArgument[];
  maxGasAmount?: bigint;
  gasUnitPrice?: bigint;
  chainId?: number;
}) {
  const name = change.name ?? "make_payment";
  return `0x${bytesToHex(
    rawEntryTransactionBytes({
      sender: change.sender ?? PAYER,
      sequenceNumber: 7n,
      function: { address: change.module ?? MODULE, module: "payment", name },
      params:
        name === "make_payment" ? FUNCTIONS.make_payment.params : FUNCTIONS.cancel_payment.params,
      args: change.args ?? ["paid-report", "task-1", 1000n],
      maxGasAmount: change.maxGasAmount ?? 200_000n,
      gasUnitPrice: change.gasUnitPrice ?? 100n,
      expirationTimestampSecs: 1_900_000_000n,
      chainId: change.chainId ?? 4,
    }),
  )}`;
}

describe("the console signs only the payment the user asked for", () => {
  it("accepts the make_payment it asked for", () => {
    expect(makePaymentProblem({ rawHex: offer({}), ...asked })).toBeNull();
  });

  it("refuses a tampered offer: another function, package, chain, sender, process, amount or gas fee", () => {
    const tampered: [string, string][] = [
      [
        offer({ name: "cancel_payment", args: ["paid-report", "task-1", PAYER] }),
        "not the platform's",
      ],
      [offer({ module: `0x${"c3".repeat(32)}` }), "not the platform's"],
      [offer({ sender: `0x${"d4".repeat(32)}` }), "another account"],
      // Signed for another chain where the same package and process may be.
      [offer({ chainId: 1 }), "not this gateway's ledger"],
      [offer({ args: ["other-process", "task-1", 1000n] }), "another process"],
      // Another id that a decoder dropping a leading byte-order mark would read as this one.
      [offer({ args: ["\uFEFFpaid-report", "task-1", 1000n] }), "another process"],
      [offer({ args: ["paid-report", "task-1", 1001n] }), "price shown"],
      [offer({ args: ["paid-report", "task-1", 999n] }), "price shown"],
      // The same payment, its fee raised: charged at the unit price signed.
      [offer({ gasUnitPrice: 100_000_000n }), "more than a payment needs"],
      [offer({ maxGasAmount: 2_000_000n }), "more than a payment needs"],
    ];
    for (const [rawHex, words] of tampered) {
      expect(makePaymentProblem({ rawHex, ...asked })).toContain(words);
    }
  });

  it("refuses bytes that are not one whole entry transaction", () => {
    const whole = offer({});
    for (const rawHex of ["0x00", `${whole}00`, whole.slice(0, -2)]) {
      expect(makePaymentProblem({ rawHex, ...asked })).toContain("not a payment");
    }
  });
});

describe("the transactions the console writes and the signatures wallets answer", () => {
  it("reads back the bytes entry-bcs writes, and writes them again", () => {
    const rawHex = offer({ name: "cancel_payment", args: ["paid-report", "task-1", PAYER] });
    const read = readEntryHex(rawHex);
    expect(read?.function).toEqual({ address: MODULE, module: "payment", name: "cancel_payment" });
    expect(read === null ? null : entryHex(read)).toBe(rawHex);
  });

  it("puts an Ed25519 authenticator in place and wraps a SingleKey one in SingleSender", () => {
    const ed25519 = Uint8Array.of(0, 32, ...new Uint8Array(32), 64, ...new Uint8Array(64));
    expect(signedTransactionOf("0xaa", ed25519)).toBe(`0xaa${bytesToHex(ed25519)}`);
    const singleKey = Uint8Array.of(2, 0, 32, ...new Uint8Array(32), 0, 64, ...new Uint8Array(64));
    expect(signedTransactionOf("0xaa", singleKey)).toBe(`0xaa04${bytesToHex(singleKey)}`);
  });
});
