#!/usr/bin/env node
import { SendMessageRequest, TaskState } from "@a2a-js/sdk";
import { ClientFactory, ServiceParameters, withA2AExtensions } from "@a2a-js/sdk/client";
// Runs an agentgate process as an A2A client would: the official A2A JS SDK (@a2a-js/sdk) finds
// the process's card at the gateway and sends the message; a paid process answers with an
// a2a-x402 offer (an escrow make_payment for the payer), which the Aptos TS SDK signs, and the
// message goes again with the payment. Each message activates the a2a-x402 extension (the
// A2A-Extensions header): a paid process refuses one that does not. The flow is
// docs/gateway.md, "A2A".
//
//   node docs/examples/a2a-pay-and-run.mjs <gateway URL> <process id> [data JSON]
//
// The payer's key is the hex Ed25519 private key in AGENTGATE_PRIVATE_KEY (needed for a paid
// process only). What it pays is the user's word, never the gateway's: AGENTGATE_MODULE_ADDRESS
// (the agentgate package the payment must call), AGENTGATE_CHAIN_ID (the chain it pays on) and
// AGENTGATE_MAX_PRICE (the most octas it pays), needed for a paid process too; an offered
// transaction that is anything else is refused unsigned (docs/gateway.md, "A client"). Prints
// one JSON object: the final task's state, its result and, for a paid process, the payment's
// receipt. Exits 2 when a paid process finds the key or those three missing, 1 when the offer
// is refused or the task does not complete.
import {
  Account,
  AccountAddress,
  Deserializer,
  Ed25519PrivateKey,
  generateSignedTransaction,
  Hex,
  PrivateKey,
  PrivateKeyVariants,
  RawTransaction,
  SimpleTransaction,
} from "@aptos-labs/ts-sdk";

const [gateway, processId, dataArg] = process.argv.slice(2);
if (!gateway || !processId) {
  console.error("usage: node a2a-pay-and-run.mjs <gateway URL> <process id> [data JSON]");
  process.exit(2);
}
const data = JSON.parse(dataArg ?? "{}");
const key = process.env.AGENTGATE_PRIVATE_KEY;
const payer = key
  ? Account.fromPrivateKey({
      privateKey: new Ed25519PrivateKey(
        PrivateKey.formatPrivateKey(key, PrivateKeyVariants.Ed25519),
      ),
    })
  : null;

const cardUrl = `${gateway}/a2a/${encodeURIComponent(processId)}/.well-known/agent-card.json`;
const client = await new ClientFactory().createFromUrl(cardUrl, "");
// This client speaks a2a-x402, so it says so on every message; a free process ignores it.
const A2A_X402 = "https://github.com/google-agentic-commerce/a2a-x402/blob/main/spec/v0.2";
const activatesX402 = {
  serviceParameters: ServiceParameters.create(withA2AExtensions(A2A_X402)),
};
const message = (extra) =>
  SendMessageRequest.fromJSON({
    message: { messageId: crypto.randomUUID(), role: "ROLE_USER", parts: [{ data }], ...extra },
  });

// 1. Ask. Naming the payer lets the gateway offer a make_payment for it to sign.
const payerAddress = payer?.accountAddress.toStringLong();
let task = await client.sendMessage(
  message(payerAddress ? { metadata: { "agentgate/userAddress": payerAddress } } : {}),
  activatesX402,
);

// 2. A paid process: sign the offered make_payment and send the message again with it.
const offer = task.status?.message?.metadata;
if (task.status?.state === TaskState.TASK_STATE_INPUT_REQUIRED && offer) {
  const accepted = offer["x402.payment.required"]?.accepts?.[0];
  const unsigned = accepted?.extra?.unsignedTransaction;
  const terms = paymentTerms();
  if (!payer || !terms) {
    console.error(
      "the process is paid: set AGENTGATE_PRIVATE_KEY (the payer's key), AGENTGATE_MODULE_ADDRESS (the agentgate package, 0x…), AGENTGATE_CHAIN_ID (0-255) and AGENTGATE_MAX_PRICE (octas)",
    );
    process.exit(2);
  }
  // Sign only the payment asked for: bytes offered by a gateway (or by whoever sits in between)
  // could be any transaction from the payer's account.
  const transaction = typeof unsigned === "string" ? readTransaction(unsigned) : null;
  const problem = transaction
    ? offerProblem(transaction.rawTransaction, accepted, terms)
    : "not one RawTransaction";
  if (problem) {
    console.error(`the offer is not the payment asked for (${problem}): not signed`);
    process.exit(1);
  }
  const senderAuthenticator = payer.signTransactionWithAuthenticator(transaction);
  const signedTransaction = Hex.fromHexInput(
    generateSignedTransaction({ transaction, senderAuthenticator }),
  ).toString();
  task = await client.sendMessage(
    message({
      taskId: task.id,
      metadata: {
        "x402.payment.status": "payment-submitted",
        "x402.payment.payload": { x402Version: 2, accepted, payload: { signedTransaction } },
      },
    }),
    activatesX402,
  );
}

const completed = task.status?.state === TaskState.TASK_STATE_COMPLETED;
console.log(
  JSON.stringify({
    taskId: task.id,
    state: TaskState[task.status?.state ?? 0],
    result: task.artifacts?.[0]?.parts?.[0]?.content?.value ?? null,
    receipt: task.status?.message?.metadata?.["x402.payment.receipts"]?.[0] ?? null,
    reason: completed ? undefined : task.status?.message?.parts?.[0]?.content?.value,
  }),
);
process.exitCode = completed ? 0 : 1;

/** The package, chain and most octas the user pays (none of them the gateway's word), or null. */
function paymentTerms() {
  const { AGENTGATE_MODULE_ADDRESS: module, AGENTGATE_CHAIN_ID: chain } = process.env;
  const maxPrice = process.env.AGENTGATE_MAX_PRICE ?? "";
  if (!AccountAddress.isValid({ input: module ?? "" }).valid) return null;
  if (!/^\d+$/.test(chain ?? "") || Number(chain) > 255 || !/^\d+$/.test(maxPrice)) return null;
  return {
    moduleAddress: AccountAddress.from(module ?? ""),
    chainId: Number(chain),
    maxPrice: BigInt(maxPrice),
  };
}

/** The offered RawTransaction, or null when the hex is not exactly one. */
function readTransaction(hex) {
  try {
    const bytes = new Deserializer(Hex.fromHexString(hex).toUint8Array());
    const raw = RawTransaction.deserialize(bytes);
    return bytes.remaining() === 0 ? new SimpleTransaction(raw) : null;
  } catch {
    return null;
  }
}

/**
 * Why the offered transaction is not payment::make_payment(processId, task id, amount) of the
 * user's package, from the payer, on the user's chain, for the offer's amount and at most the
 * user's price, with a bounded gas fee (docs/x402.md, "A client from scratch");
 * null when it is.
 */
function offerProblem(raw, accepted, terms) {
  const call = raw.payload?.entryFunction;
  if (!call) return "not an entry function call";
  const { address, name } = call.module_name;
  const called = `${name.identifier}::${call.function_name.identifier}`;
  if (!address.equals(terms.moduleAddress) || called !== "payment::make_payment") {
    return `it calls ${address.toStringLong()}::${called}`;
  }
  if (call.type_args.length !== 0) return "it has type arguments";
  if (raw.chain_id.chainId !== terms.chainId) return `it is for chain ${raw.chain_id.chainId}`;
  if (!raw.sender.equals(payer.accountAddress)) return "it is sent from another account";
  if (call.args.length !== 3) return "not make_payment's three arguments";
  const [process, task, amount] = call.args.map((arg) => wholeArg(arg.value.value));
  if (process?.((d) => d.deserializeStr()) !== processId) return "another process";
  if (task?.((d) => d.deserializeStr()) === undefined) return "no task id";
  const octas = amount?.((d) => d.deserializeU64());
  if (octas === undefined) return "no amount";
  if (octas > terms.maxPrice) return `it pays ${octas} octas, over AGENTGATE_MAX_PRICE`;
  if (octas.toString() !== accepted.amount) return `it pays ${octas}, not ${accepted.amount}`;
  // The fee is charged at whatever the payer signs: at most the gas a payment needs, at most ten
  // times the ledger's minimum unit price.
  if (raw.max_gas_amount > 200_000n || raw.gas_unit_price > 1_000n) {
    return `its gas may cost ${raw.max_gas_amount * raw.gas_unit_price} octas`;
  }
  return null;
}

/** A reader of one argument's bytes: what `read` makes of all of them, else undefined. */
function wholeArg(bytes) {
  return (read) => {
    try {
      const d = new Deserializer(bytes);
      const value = read(d);
      return d.remaining() === 0 ? value : undefined;
    } catch {
      return undefined;
    }
  };
}
