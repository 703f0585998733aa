#!/usr/bin/env node
// Pays for one run of an agentgate process and runs it, in x402 v2's two requests, with Node's
// built-ins only (fetch, node:crypto): no agentgate code, no SDK. The wire format is docs/x402.md.
//
//   node docs/examples/x402-pay-and-run.mjs <gateway URL> <process id> [data JSON]
//
// The payer's key is the hex Ed25519 private key (32 bytes) in AGENTGATE_PRIVATE_KEY; arguments
// may come from AGENTGATE_GATEWAY_URL, AGENTGATE_PROCESS_ID and AGENTGATE_DATA instead. Prints
// one JSON object: the run's answer and the decoded PAYMENT-RESPONSE. Exits 1 when the gateway
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
const userAddress = `0x${sha3(publicKey, Buffer.of(0)).toString("hex")}`;

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

// 2. Sign the make_payment the gateway built for this payer, as it is:
//    signing message = sha3-256("APTOS::RawTransaction") ‖ RawTransaction BCS;
//    SignedTransaction = RawTransaction ‖ 0x00 (Ed25519) ‖ 0x20 ‖ public key ‖ 0x40 ‖ signature.
const raw = Buffer.from(accepted.extra.unsignedTransaction.replace(/^0x/, ""), "hex");
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
