#!/usr/bin/env node
// Pays for one run of an agentgate process and runs it, in x402 v2's two requests, with Node's
// built-ins only (fetch, node:crypto): no agentgate code, no SDK. The wire format is docs/x402.md.
//
//   node docs/examples/x402-pay-and-run.mjs <gateway URL> <process id> [data JSON]
//
// The payer's key is the hex Ed25519 private key (32 bytes) in AGENTGATE_PRIVATE_KEY; arguments
// may come from AGENTGATE_GATEWAY_URL, AGENTGATE_PROCESS_ID and AGENTGATE_DATA instead. What it
// pays is the user's word, never the gateway's: AGENTGATE_MODULE_ADDRESS (the agentgate package
// the payment must call), AGENTGATE_CHAIN_ID (the chain it pays on) and AGENTGATE_MAX_PRICE (the
// most octas it pays); an offered transaction that is anything else is refused unsigned
// (docs/x402.md, "A client from scratch"). Prints one JSON object: the run's answer and the
// decoded PAYMENT-RESPONSE. Exits 2 on a usage error, 1 when the offer is refused, the gateway
// refuses the payment or the run fails.
import { createHash, createPrivateKey, createPublicKey, sign } from "node:crypto";

const [gatewayArg, processArg, dataArg] = process.argv.slice(2);
const gateway = gatewayArg ?? process.env.AGENTGATE_GATEWAY_URL;
const processId = processArg ?? process.env.AGENTGATE_PROCESS_ID;
const data = JSON.parse(dataArg ?? process.env.AGENTGATE_DATA ?? "{}");
const keyHex = (process.env.AGENTGATE_PRIVATE_KEY ?? "").replace(/^(ed25519-priv-)?0x/, "");
if (!gateway || !processId || !/^[0-9a-fA-F]{64}$/.test(keyHex)) {
  console.error(
    "usage: AGENTGATE_PRIVATE_KEY=<64 hex> node x402-pay-and-run.mjs <gateway URL> <process id> [data JSON]",
  );
  process.exit(2);
}
const moduleHex = process.env.AGENTGATE_MODULE_ADDRESS?.replace(/^0x/i, "") ?? "";
const chainIdText = process.env.AGENTGATE_CHAIN_ID ?? "";
const chainId = Number(chainIdText);
const maxPriceText = process.env.AGENTGATE_MAX_PRICE ?? "";
if (
  !/^[0-9a-fA-F]{1,64}$/.test(moduleHex) ||
  !/^\d+$/.test(chainIdText) ||
  chainId > 255 ||
  !/^\d+$/.test(maxPriceText)
) {
  console.error(
    "set AGENTGATE_MODULE_ADDRESS (the agentgate package, 0x…), AGENTGATE_CHAIN_ID (0-255) and AGENTGATE_MAX_PRICE (octas) to pay: the gateway's word is not taken for them",
  );
  process.exit(2);
}
const moduleAddress = Buffer.from(moduleHex.padStart(64, "0"), "hex");
const maxPrice = BigInt(maxPriceText);

// An Ed25519 private key from its 32-byte seed: the seed behind the fixed PKCS#8 DER header.
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");
const privateKey = createPrivateKey({
  key: Buffer.concat([PKCS8_ED25519_PREFIX, Buffer.from(keyHex, "hex")]),
  format: "der",
  type: "pkcs8",
});
// The raw public key is the last 32 bytes of its SPKI DER.
const publicKey = createPublicKey(privateKey).export({ format: "der", type: "spki" }).subarray(-32);
const sha3 = (...parts) => {
  const hash = createHash("sha3-256");
  for (const part of parts) hash.update(part);
  return hash.digest();
};
// An Aptos single-key Ed25519 account's address: sha3-256(public key ‖ 0x00).
const payer = sha3(publicKey, Buffer.of(0));
const userAddress = `0x${payer.toString("hex")}`;

const url = new URL(`/api/execute/${encodeURIComponent(processId)}`, gateway);
const body = JSON.stringify({ userAddress, data });
const base64Json = (value) => Buffer.from(JSON.stringify(value), "utf8").toString("base64");
const fromBase64Json = (text) => JSON.parse(Buffer.from(text, "base64").toString("utf8"));

// 1. Ask: a paid process answers 402 with the offer in PAYMENT-REQUIRED (base64 JSON).
const asked = await fetch(url, {
  method: "POST",
  headers: { "content-type": "application/json", accept: "application/x402+json" },
  body,
});
const offerHeader = asked.headers.get("payment-required");
if (asked.status !== 402 || !offerHeader) {
  console.error(
    `expected 402 with PAYMENT-REQUIRED, got HTTP ${asked.status}: ${await asked.text()}`,
  );
  process.exit(1);
}
await asked.arrayBuffer();
const offer = fromBase64Json(offerHeader);
const accepted = offer.accepts.find((a) => a.scheme === "escrow" && a.extra?.unsignedTransaction);
if (!accepted) {
  console.error(`no escrow requirement with a transaction to sign: ${JSON.stringify(offer)}`);
  process.exit(1);
}

// 2. Sign the make_payment the gateway built for this payer, once it is the payment meant: the
//    bytes offered (by the gateway, or by whoever sits in between) could be any transaction
//    from the payer's account.
//    signing message = sha3-256("APTOS::RawTransaction") ‖ RawTransaction BCS;
//    SignedTransaction = RawTransaction ‖ 0x00 (Ed25519) ‖ 0x20 ‖ public key ‖ 0x40 ‖ signature.
const raw = Buffer.from(String(accepted.extra.unsignedTransaction).replace(/^0x/, ""), "hex");
const problem = offerProblem(raw, accepted);
if (problem) {
  console.error(`the offer is not the payment asked for (${problem}): not signed`);
  process.exit(1);
}
const signature = sign(null, Buffer.concat([sha3("APTOS::RawTransaction"), raw]), privateKey);
const signedTransaction = Buffer.concat([
  raw,
  Buffer.of(0x00, 0x20),
  publicKey,
  Buffer.of(0x40),
  signature,
]);

// 3. Send the same request again with the payment: the gateway commits it and runs once. Only
// this request's submission pays: if its connection breaks, do not send the same header again
// (409 payment_already_committed); run on the payment with the caller proof (docs/x402.md).
const paid = await fetch(url, {
  method: "POST",
  headers: {
    "content-type": "application/json",
    "payment-signature": base64Json({
      x402Version: 2,
      accepted,
      payload: { signedTransaction: `0x${signedTransaction.toString("hex")}` },
    }),
  },
  body,
});
const answer = await paid.json();
const receipt = paid.headers.get("payment-response");
const payment = receipt ? fromBase64Json(receipt) : null;
console.log(JSON.stringify({ status: paid.status, answer, payment }, null, 2));
process.exit(paid.ok && answer.success && payment?.success ? 0 : 1);

/**
 * Why the offered RawTransaction is not payment::make_payment(processId, task id, amount) of the
 * package AGENTGATE_MODULE_ADDRESS, from the payer, on chain AGENTGATE_CHAIN_ID, for the offer's
 * amount and at most AGENTGATE_MAX_PRICE, with a bounded gas fee; null when it is.
 */
function offerProblem(bytes, accepted) {
  const tx = readWhole(bytes, readEntryCall);
  if (!tx) return "not one entry function call without type arguments";
  const called = `0x${tx.module.toString("hex")}::${tx.moduleName}::${tx.functionName}`;
  if (
    !tx.module.equals(moduleAddress) ||
    tx.moduleName !== "payment" ||
    tx.functionName !== "make_payment"
  ) {
    return `it calls ${called}`;
  }
  if (tx.chainId !== chainId) return `it is for chain ${tx.chainId}, not ${chainId}`;
  if (!tx.sender.equals(payer)) return "it is sent from another account";
  if (tx.args.length !== 3) return "not make_payment's three arguments";
  const [processArg, taskArg, amountArg] = tx.args;
  if (readWhole(processArg, (r) => r.string()) !== processId) return "another process";
  if (readWhole(taskArg, (r) => r.string()) === null) return "no task id";
  const amount = readWhole(amountArg, (r) => r.u64());
  if (amount === null) return "no amount";
  if (amount > maxPrice) return `it pays ${amount} octas, over AGENTGATE_MAX_PRICE ${maxPrice}`;
  if (String(amount) !== accepted.amount) return `it pays ${amount}, not ${accepted.amount}`;
  // The fee is charged at whatever the payer signs: at most the gas a payment needs, at most ten
  // times the ledger's minimum unit price (docs/x402.md, "A client from scratch").
  if (tx.maxGasAmount > 200_000n || tx.gasUnitPrice > 1_000n) {
    return `its gas may cost ${tx.maxGasAmount * tx.gasUnitPrice} octas`;
  }
  return null;
}

/**
 * A RawTransaction's BCS: sender (32 bytes), sequence number (u64), payload variant 2 (entry
 * function): module address (32), module and function names, type arguments (none here), the
 * arguments (each a length-prefixed byte string); max gas, gas unit price, expiration (u64 each),
 * chain id (u8). Integers little-endian, lengths ULEB128. Null for any other payload.
 */
function readEntryCall(r) {
  const sender = r.take(32);
  r.u64();
  if (r.uleb128() !== 2) return null;
  const call = { sender, module: r.take(32), moduleName: r.string(), functionName: r.string() };
  if (r.uleb128() !== 0) return null;
  const args = Array.from({ length: r.uleb128() }, () => r.take(r.uleb128()));
  const maxGasAmount = r.u64();
  const gasUnitPrice = r.u64();
  r.u64(); // the expiration, which the gateway checks when it commits
  return { ...call, args, maxGasAmount, gasUnitPrice, chainId: r.take(1)[0] };
}

/** `read` over all of `bytes`: null when it throws (too short, bad UTF-8) or leaves bytes over. */
function readWhole(bytes, read) {
  let at = 0;
  const take = (n) => {
    if (at + n > bytes.length) throw new RangeError("too short");
    at += n;
    return bytes.subarray(at - n, at);
  };
  const uleb128 = () => {
    for (let value = 0, shift = 0; shift < 32; shift += 7) {
      const byte = take(1)[0];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
    throw new RangeError("a length over 32 bits");
  };
  const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  const reader = {
    take,
    uleb128,
    u64: () => take(8).readBigUInt64LE(0),
    string: () => utf8.decode(take(uleb128())),
  };
  try {
    const value = read(reader);
    return at === bytes.length ? value : null;
  } catch {
    return null;
  }
}
