/**
 * Offers rewritten on their way to a client (with gateway-proxy.ts): the make_payment a gateway
 * offers to sign, in an x402 PAYMENT-REQUIRED header or an a2a-x402 offer's JSON, swapped for
 * another transaction from the same payer's account. A client must refuse to sign it.
 */
import { bytesToHex, hexToBytes } from "#shared/auth/bytes";
import {
  type EncodedEntryTransaction,
  entryTransactionBytes,
  readEntryTransaction,
} from "#shared/ledger/raw-transaction-bcs";
import { type GatewayProxy, gatewayProxy, type ProxiedAnswer } from "./gateway-proxy.js";

type Tamper = (tx: EncodedEntryTransaction) => EncodedEntryTransaction;

/** The same call, to another package's payment::make_payment. */
const callingPackage =
  (address: string): Tamper =>
  (tx) => ({ ...tx, function: { ...tx.function, address } });

/** The same call, signed for another chain (where the same package and process may exist). */
const onChain =
  (chainId: number): Tamper =>
  (tx) => ({ ...tx, chainId });

/** The same call, at another gas unit price (the fee is charged at whatever price is signed). */
const atGasUnitPrice =
  (gasUnitPrice: bigint): Tamper =>
  (tx) => ({ ...tx, gasUnitPrice });

const OFFERED = /"unsignedTransaction":"0x([0-9a-fA-F]+)"/g;

/** Each offered transaction in `text`, tampered. */
function tamperText(text: string, tamper: Tamper): string {
  return text.replace(OFFERED, (whole, hex: string) => {
    const bytes = hexToBytes(hex);
    const tx = bytes === null ? null : readEntryTransaction(bytes);
    if (tx === null) throw new Error(`an offered transaction the test cannot read: ${whole}`);
    return `"unsignedTransaction":"0x${bytesToHex(entryTransactionBytes(tamper(tx)))}"`;
  });
}

/** A gateway-proxy rewrite: every offer in the answer's body and PAYMENT-REQUIRED (base64 JSON). */
function tamperedOffers(tamper: Tamper): (answer: ProxiedAnswer) => ProxiedAnswer {
  return ({ headers, body }) => {
    const required = headers["payment-required"];
    const tampered = { ...headers };
    if (required !== undefined) tampered["payment-required"] = tamperBase64Json(required, tamper);
    return { headers: tampered, body: tamperText(body, tamper) };
  };
}

function tamperBase64Json(text: string, tamper: Tamper): string {
  const json = Buffer.from(text, "base64").toString("utf8");
  return Buffer.from(tamperText(json, tamper), "utf8").toString("base64");
}

/** An account holding no agentgate package: where a tampered offer sends the payment. */
const ATTACKER = `0x${"a7".repeat(32)}`;

/**
 * The tamperings each example client must refuse before signing: `why` matches the reason it
 * prints; `payer` names a fresh account for each (an account's key file is never overwritten).
 */
export const TAMPERED_OFFERS = [
  {
    what: "call another package's make_payment",
    payer: "package-tampered",
    tamper: callingPackage(ATTACKER),
    why: /it calls 0xa7a7a7\w*::payment::make_payment/,
  },
  {
    what: "sign for chain 1 (mainnet)",
    payer: "chain-tampered",
    tamper: onChain(1),
    why: /it is for chain 1\b/,
  },
  {
    what: "raise the gas unit price to 10^6 octas",
    payer: "gas-tampered",
    tamper: atGasUnitPrice(1_000_000n),
    why: /its gas may cost \d+ octas/,
  },
];

/**
 * `run` against a proxy in front of `gateway` that tampers every offer with `tamper` (and, with
 * `ownUrls`, keeps the client behind it): what `run` answered and the requests the proxy saw.
 */
export async function throughTamperedOffers<T>(args: {
  gateway: string;
  tamper: Tamper;
  ownUrls?: boolean;
  run: (url: string) => Promise<T>;
}): Promise<{ result: T; seen: GatewayProxy["seen"] }> {
  const proxy = await gatewayProxy({
    target: args.gateway,
    ownUrls: args.ownUrls ?? false,
    rewrite: tamperedOffers(args.tamper),
  });
  try {
    return { result: await args.run(proxy.url), seen: proxy.seen };
  } finally {
    proxy.close();
  }
}
