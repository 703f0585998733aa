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
// process only). Prints one JSON object: the final task's state, its result and, for a paid
// process, the payment's receipt. Exits 1 when the task does not complete.
import {
  Account,
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
  if (!payer || typeof unsigned !== "string") {
    console.error("the process is paid: set AGENTGATE_PRIVATE_KEY to the payer's key");
    process.exit(1);
  }
  const transaction = new SimpleTransaction(
    RawTransaction.deserialize(new Deserializer(Hex.fromHexString(unsigned).toUint8Array())),
  );
  // Sign only the payment asked for: bytes offered by a gateway (or by whoever sits in between)
  // could be any transaction from the payer's account. A client that agreed a price beforehand
  // also compares the amount with it, as `agentgate a2a send` does with the ledger's price.
  const problem = offeredPaymentProblem(transaction.rawTransaction, accepted);
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

/** Why the offered transaction is not payment::make_payment(processId, task, amount) from payer. */
function offeredPaymentProblem(raw, accepted) {
  const call = raw.payload?.entryFunction;
  if (!call) return "not an entry function call";
  const name = `${call.module_name.name.identifier}::${call.function_name.identifier}`;
  if (name !== "payment::make_payment") return `it calls ${name}`;
  if (call.type_args.length !== 0) return "it has type arguments";
  if (!raw.sender.equals(payer.accountAddress)) return "another sender";
  const [process, , amount] = call.args.map((arg) => new Deserializer(arg.value.value));
  if (process?.deserializeStr() !== processId) return "another process";
  const octas = amount?.deserializeU64();
  if (octas?.toString() !== accepted.amount) return `it pays ${octas}, not ${accepted.amount}`;
  return null;
}
