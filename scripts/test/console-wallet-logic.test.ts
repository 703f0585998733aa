// The console's wallet and payment logic without a browser (docs/console.md, "Wallet", "Paying
// for a run"): its account is the SDK's and its signed bytes are the project's own
// (shared/src/ledger/entry-bcs.ts, which the console bundles), x402's header coding (what it reads from a make_payment: console-transaction-check.test.ts).
import { Account, Ed25519PrivateKey } from "@aptos-labs/ts-sdk";
import { ed25519 } from "@noble/curves/ed25519";
import { describe, expect, it } from "vitest";
import { bytesToHex } from "#shared/auth/bytes";
import { FUNCTIONS } from "#shared/contract/functions";
import {
  ed25519Authenticator,
  rawEntryTransactionBytes,
  signedTransactionBytes,
  signingMessage,
} from "#shared/ledger/entry-bcs";
import { connectAptosWallet } from "../../console/src/aptos-wallet-signer.js";
import type { AptosWallet } from "../../console/src/aptos-wallet-standard.js";
import { fromBase64Json, toBase64Json } from "../../console/src/base64-json.js";
import { ed25519Account, signRawTransaction } from "../../console/src/ed25519-account.js";
import { escrowOfferOf } from "../../console/src/x402-offer.js";

const privateKey = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const account = ed25519Account(privateKey);

function makePayment(amount: bigint): Uint8Array {
  return rawEntryTransactionBytes({
    sender: account.address,
    sequenceNumber: 3n,
    function: { address: `0x${"a1".repeat(32)}`, module: "payment", name: "make_payment" },
    params: FUNCTIONS.make_payment.params,
    args: ["paid-report", "task-1", amount],
    maxGasAmount: 200_000n,
    gasUnitPrice: 100n,
    expirationTimestampSecs: 1_900_000_000n,
    chainId: 4,
  });
}

describe("the console's development wallet signs as the project does", () => {
  it("derives the single-key Ed25519 address the SDK derives", () => {
    const sdk = Account.fromPrivateKey({ privateKey: new Ed25519PrivateKey(privateKey) });
    expect(account.address).toBe(sdk.accountAddress.toStringLong());
  });

  it("signs a make_payment to the same SignedTransaction bytes", () => {
    const raw = makePayment(1000n);
    const signature = ed25519.sign(signingMessage(raw), account.privateKey);
    const expected = signedTransactionBytes(
      raw,
      ed25519Authenticator(account.publicKey, signature),
    );
    expect(signRawTransaction(account, `0x${bytesToHex(raw)}`)).toBe(`0x${bytesToHex(expected)}`);
  });
});

describe("x402's offer as the console reads it", () => {
  it("round-trips base64 JSON, UTF-8 included, and answers null for what is not", () => {
    const value = { note: "café ☕", n: 1 };
    expect(fromBase64Json(toBase64Json(value))).toEqual(value);
    expect(fromBase64Json("not base64!")).toBeNull();
  });

  it("takes the escrow requirement that carries a transaction to sign, and nothing else", () => {
    const escrow = {
      scheme: "escrow",
      network: "aptos:4",
      amount: "1000",
      extra: { unsignedTransaction: "0xab" },
    };
    expect(escrowOfferOf({ accepts: [{ ...escrow, scheme: "exact" }, escrow] })).toEqual(escrow);
    expect(escrowOfferOf({ accepts: [{ ...escrow, extra: {} }] })).toBeNull();
    expect(escrowOfferOf({ accepts: [{ ...escrow, amount: "1.5" }] })).toBeNull();
    expect(escrowOfferOf(null)).toBeNull();
  });
});

describe("connecting a browser wallet", () => {
  function walletAnswering(address: string): AptosWallet {
    const refuse = () => Promise.reject(new Error("not in this test"));
    return {
      name: "Test Wallet",
      icon: "data:image/svg+xml,",
      features: {
        "aptos:connect": { connect: async () => ({ status: "Approved", args: { address } }) },
        "aptos:account": { account: refuse },
        "aptos:network": { network: async () => ({ name: "local", chainId: 4 }) },
        "aptos:signTransaction": { signTransaction: refuse },
      },
    };
  }
  const connect = (address: string) =>
    connectAptosWallet({ wallet: walletAnswering(address), gatewayNetwork: "local", chainId: 4 });

  it("pays from the wallet's account in long form", async () => {
    const connected = await connect(`0x${"0C".repeat(32)}`);
    expect(connected.ok && connected.signer.address).toBe(`0x${"0c".repeat(32)}`);
  });

  it("refuses a wallet whose account is not an address, in plain words", async () => {
    expect(await connect("0xnot-hex")).toEqual({
      ok: false,
      message: 'Test Wallet answered "0xnot-hex", not an account address',
    });
  });
});
