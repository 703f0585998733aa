#!/usr/bin/env node
import { SendMessageRequest, TaskState } from "@a2a-js/sdk";
import { ClientFactory } from "@a2a-js/sdk/client";
// Runs an agentgate process as an A2A client would: the official A2A JS SDK (@a2a-js/sdk) finds
// the process's card at the gateway and sends the message; a paid process answers with an
// a2a-x402 offer (an escrow make_payment for the payer), which the Aptos TS SDK signs, and the
// message goes again with the payment. The flow is docs/gateway.md, "A2A".
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
const message = (extra) =>
  SendMessageRequest.fromJSON({
    message: { messageId: crypto.randomUUID(), role: "ROLE_USER", parts: [{ data }], ...extra },
  });

// 1. Ask. Naming the payer lets the gateway offer a make_payment for it to sign.
const payerAddress = payer?.accountAddress.toStringLong();
let task = await client.sendMessage(
  message(payerAddress ? { metadata: { "agentgate/userAddress": payerAddress } } : {}),
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
