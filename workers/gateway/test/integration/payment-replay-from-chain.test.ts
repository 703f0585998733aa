/**
 * Issue 20, point 1: a committed make_payment is public, so anyone can rebuild its exact signed
 * bytes from the node's `GET /v1/transactions/by_hash/:hash` JSON. Replayed as a payment
 * credential (PAYMENT-SIGNATURE on execute and on POST /api/payment, body.signedTransaction,
 * `_meta["x402/payment"]` on MCP) with userAddress = the payer, it pays for nothing: 409
 * payment_already_committed, nothing claimed or run, and the payer still runs on it once with the
 * caller proof (docs/x402.md, "After the commit").
 */
import {
  AccountAddress,
  ChainId,
  Ed25519PublicKey,
  Ed25519Signature,
  EntryFunction,
  Hex,
  MoveString,
  RawTransaction,
  SignedTransaction,
  TransactionAuthenticatorEd25519,
  TransactionPayloadEntryFunction,
  U64,
} from "@aptos-labs/ts-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { SELF } from "../support/checked-self.js";
import {
  address,
  devnode,
  execute,
  fundedAccount,
  GATEWAY,
  ledger,
  operator,
  PRICE,
} from "../support/ledger-fixtures.js";
import { mcpRequest } from "../support/mcp-client.js";
import { operatedProcess } from "../support/operated-process.js";
import { paymentOffer, postPayment } from "../support/payment-route.js";
import { agentRun, agentRunsOf } from "../support/run-counts.js";
import {
  paymentPayload,
  paymentRequiredOf,
  paymentSignature,
  signOffered,
} from "../support/x402-client.js";

type Answer = {
  success: boolean;
  code?: string;
  error?: string;
  status?: string;
  transactionId?: string;
  details?: Record<string, unknown>;
};

/** The REST JSON of a committed user transaction, as much of it as an attacker needs. */
type ByHashJson = {
  type: string;
  success: boolean;
  sender: string;
  sequence_number: string;
  max_gas_amount: string;
  gas_unit_price: string;
  expiration_timestamp_secs: string;
  payload: { function: string; arguments: [string, string, string] };
  signature: { type: string; public_key: string; signature: string };
};

async function nodeJson<T>(path: string): Promise<T> {
  const res = await devnode().fetch(`http://devnode/v1${path}`);
  if (!res.ok) throw new Error(`node ${path}: ${res.status} ${await res.text()}`);
  return res.json<T>();
}

/**
 * What anyone can do with a transaction hash: read the transaction and the chain id from the
 * node, and BCS-serialize the SignedTransaction they describe (make_payment's ABI is public:
 * process_id String, task_id String, amount u64).
 */
async function rebuildFromChain(hash: string): Promise<string> {
  const json = await nodeJson<ByHashJson>(`/transactions/by_hash/${hash}`);
  const { chain_id } = await nodeJson<{ chain_id: number }>("");
  expect(json).toMatchObject({ type: "user_transaction", success: true });
  expect(json.signature.type).toBe("ed25519_signature");
  const [moduleAddress, moduleName, functionName] = json.payload.function.split("::");
  const [processId, taskId, amount] = json.payload.arguments;
  const entry = EntryFunction.build(
    `${moduleAddress}::${moduleName}`,
    functionName ?? "",
    [],
    [new MoveString(processId), new MoveString(taskId), new U64(BigInt(amount))],
  );
  const raw = new RawTransaction(
    AccountAddress.from(json.sender),
    BigInt(json.sequence_number),
    new TransactionPayloadEntryFunction(entry),
    BigInt(json.max_gas_amount),
    BigInt(json.gas_unit_price),
    BigInt(json.expiration_timestamp_secs),
    new ChainId(chain_id),
  );
  const authenticator = new TransactionAuthenticatorEd25519(
    new Ed25519PublicKey(json.signature.public_key),
    new Ed25519Signature(json.signature.signature),
  );
  return Hex.fromHexInput(new SignedTransaction(raw, authenticator).bcsToBytes()).toString();
}

async function verified(processId: string, payer: string): Promise<boolean> {
  const res = await SELF.fetch(`${GATEWAY}/api/payment/verify/${processId}/${payer}`);
  return (await res.json<{ verified: boolean }>()).verified;
}

describe("a committed make_payment rebuilt from the node's by_hash JSON", () => {
  beforeAll(async () => {
    await ledger.fund({ address: address(operator), amount: 10_000_000_000n });
  });

  it("pays for nothing on execute, POST /api/payment or MCP; the payer still runs on it once with the caller proof", async () => {
    const { processId } = await operatedProcess(PRICE);
    const payer = await fundedAccount();
    const userAddress = address(payer);

    // The payer pays through the gateway (its own submission commits it) and has not run yet.
    const body = { processId, amount: PRICE.toString(), userAddress };
    const offered = signOffered(payer, paymentRequiredOf(await paymentOffer({ payer, processId })));
    const paid = await postPayment(body, offered.headers);
    const paidAnswer = await paid.json<{ transactionHash: string }>();
    expect(paid.status, JSON.stringify(paidAnswer)).toBe(200);
    const { taskId } = offered;

    const replayed = await rebuildFromChain(paidAnswer.transactionHash);
    expect(replayed, "the rebuild is byte for byte what the payer signed").toBe(
      offered.signedTransaction,
    );
    const sequence = await ledger.sequenceNumber(userAddress);

    // Whatever offer the attacker asks for, the credential is the payer's committed bytes.
    const ask = await paymentOffer({ payer, processId });
    const accepted = paymentRequiredOf(ask).accepts[0];
    if (accepted === undefined) throw new Error("no requirement offered");
    const credential = paymentSignature(accepted, replayed);

    const expectAlreadyCommitted = (status: number, answer: Answer) => {
      expect(status, JSON.stringify(answer)).toBe(409);
      expect(answer).toMatchObject({ success: false, code: "payment_already_committed" });
      // The refusal points to the way to run on an existing payment.
      expect(answer.error).toContain("caller proof");
      expect(answer.error).toContain(taskId);
    };

    const onExecute = await execute({
      processId,
      body: { userAddress, data: { text: "the attacker's data" } },
      signer: null,
      headers: credential,
    });
    expectAlreadyCommitted(onExecute.status, await onExecute.json<Answer>());

    const onPaymentHeader = await postPayment(body, credential);
    expectAlreadyCommitted(onPaymentHeader.status, await onPaymentHeader.json<Answer>());
    const onPaymentBody = await postPayment({ ...body, signedTransaction: replayed });
    expectAlreadyCommitted(onPaymentBody.status, await onPaymentBody.json<Answer>());

    const onMcp = await mcpRequest("tools/call", {
      name: processId,
      arguments: { text: "the attacker's data" },
      _meta: {
        "agentgate/userAddress": userAddress,
        "x402/payment": paymentPayload(accepted, replayed),
      },
    });
    expect(onMcp.error).toBeUndefined();
    const tool = onMcp.result as { isError?: boolean; structuredContent?: Answer };
    expect(tool.isError).toBe(true);
    expectAlreadyCommitted(409, tool.structuredContent ?? { success: false });

    // Nothing ran, nothing was claimed, nothing was submitted: the payment is still usable.
    expect(await agentRunsOf({ processId, taskId })).toEqual([]);
    expect(await verified(processId, userAddress)).toBe(true);
    expect(await ledger.sequenceNumber(userAddress)).toBe(sequence);

    // The payer's own caller-proof execute runs on exactly that payment, once.
    const own = await execute({
      processId,
      body: { userAddress, taskId, data: { text: "mine" } },
      signer: payer,
    });
    const ownAnswer = await own.json<Answer>();
    expect(own.status, JSON.stringify(ownAnswer)).toBe(200);
    expect(ownAnswer).toMatchObject({ success: true, status: "completed" });
    const runs = await agentRunsOf({ processId, taskId });
    expect(runs).toEqual([ownAnswer.transactionId]);
    expect((await agentRun(runs[0] ?? ""))?.taskId).toBe(taskId);

    // Replayed after that run, the bytes find the payment spent here: still nothing runs.
    const late = await execute({
      processId,
      body: { userAddress, data: {} },
      signer: null,
      headers: credential,
    });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: "payment_already_claimed" });
    expect(await agentRunsOf({ processId, taskId })).toHaveLength(1);
  });
});
