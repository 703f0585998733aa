import { Account, Ed25519PrivateKey } from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import { bytesToHex } from "#shared/auth/bytes";
import { FUNCTIONS } from "#shared/contract/functions";
import { rawEntryTransactionBytes } from "#shared/ledger/entry-bcs";
import { decodeSignedTransaction } from "#shared/ledger/signed-transactions";
import {
  escrowPaymentPayload,
  readPaymentResponse,
  signMakePayment,
  signUnsignedTransaction,
} from "#shared/x402/escrow-client";
import {
  escrowRequirement,
  makePaymentFunction,
  parseEscrowPayment,
} from "#shared/x402/escrow-scheme";
import {
  decodePaymentSignatureHeader,
  encodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from "#shared/x402/transport";

const MODULE = `0x${"0".repeat(59)}a11ce`;
const payer = Account.fromPrivateKey({
  privateKey: new Ed25519PrivateKey(`ed25519-priv-0x${"11".repeat(32)}`),
});
const PAYER = payer.accountAddress.toStringLong();
const context = { sequenceNumber: 7n, gasUnitPrice: 100n, chainId: 4 };
const EXPIRES = 1_900_000_000n;

const signed = () =>
  signMakePayment({
    signer: payer,
    moduleAddress: "0xa11ce",
    context,
    processId: "echo",
    taskId: "job-1",
    amount: 1500n,
    expirationTimestampSecs: EXPIRES,
  });

describe("the escrow scheme's client side (docs/x402.md)", () => {
  it("signs a make_payment the server's decoder reads as exactly that call", async () => {
    const decoded = decodeSignedTransaction(await signed(), MODULE);
    expect(decoded).toMatchObject({
      sender: PAYER,
      sequenceNumber: 7n,
      function: makePaymentFunction("0xa11ce"),
      entryFunction: "make_payment",
      typeArguments: [],
      chainId: 4,
      gasUnitPrice: 100n,
      expirationTimestampSecs: EXPIRES,
    });
    expect(decoded.args).toEqual({ process_id: "echo", task_id: "job-1", amount: 1500n });
  });

  it("signs a server-built unsigned transaction to the same bytes as building it here", async () => {
    const raw = rawEntryTransactionBytes({
      sender: PAYER,
      sequenceNumber: 7n,
      function: { address: MODULE, module: "payment", name: "make_payment" },
      params: FUNCTIONS.make_payment.params,
      args: ["echo", "job-1", 1500n],
      maxGasAmount: 200_000n,
      gasUnitPrice: 100n,
      expirationTimestampSecs: EXPIRES,
      chainId: 4,
    });
    expect(await signUnsignedTransaction(payer, `0x${bytesToHex(raw)}`)).toBe(await signed());
    await expect(signUnsignedTransaction(payer, "0xzz")).rejects.toThrow(/unsignedTransaction/);
  });

  it("wraps it in a PaymentPayload the server's parser accepts, through the header", async () => {
    const accepted = escrowRequirement({
      chainId: 4,
      moduleAddress: "0xa11ce",
      processId: "echo",
      taskId: "job-1",
      amount: 1500n,
      maxTimeoutSeconds: 60,
    });
    const signedTransaction = await signed();
    const header = encodePaymentSignatureHeader(escrowPaymentPayload(accepted, signedTransaction));
    const parsed = parseEscrowPayment(decodePaymentSignatureHeader(header), 4);
    expect(parsed).toMatchObject({ ok: true, signedTransaction });
    expect(accepted).toMatchObject({
      scheme: "escrow",
      network: "aptos:4",
      amount: "1500",
      payTo: MODULE,
      extra: { function: `${MODULE}::payment::make_payment`, processId: "echo", taskId: "job-1" },
    });
    // Another chain's server refuses it before looking at the transaction.
    expect(parseEscrowPayment(decodePaymentSignatureHeader(header), 2)).toMatchObject({
      ok: false,
      reason: "wrong_network",
    });
  });

  it("reads PAYMENT-RESPONSE: a settled payment, a refusal, none, and garbage", () => {
    const settled = encodePaymentResponseHeader({
      success: true,
      transaction: `0x${"ab".repeat(32)}`,
      network: "aptos:4",
      payer: PAYER,
      extra: { processId: "echo", taskId: "job-1" },
    });
    expect(readPaymentResponse(settled)).toEqual({
      ok: true,
      response: expect.objectContaining({
        success: true,
        extra: { processId: "echo", taskId: "job-1" },
      }),
    });
    const refused = encodePaymentResponseHeader({
      success: false,
      errorReason: "insufficient_funds",
      network: "aptos:4",
      transaction: "",
    });
    expect(readPaymentResponse(refused)).toMatchObject({
      ok: true,
      response: { success: false, errorReason: "insufficient_funds" },
    });
    expect(readPaymentResponse(null)).toEqual({ ok: true, response: undefined });
    expect(readPaymentResponse("not base64!")).toMatchObject({ ok: false });
    expect(readPaymentResponse(btoa('{"success":"yes"}'))).toMatchObject({ ok: false });
  });
});
