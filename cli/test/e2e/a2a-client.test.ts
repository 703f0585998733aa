/**
 * The gateway's A2A server driven by the unmodified A2A JS SDK client (@a2a-js/sdk) against the
 * local stack (docs/gateway.md, "A2A"): resolve a process's card from the gateway, send to a free
 * process, stream, cancel, read an unknown task, a 0.3-shaped request, and pay for a paid process
 * through the a2a-x402 extension with the documented signer (the offered make_payment, signed).
 */

import { execFile } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { SendMessageRequest, type StreamResponse, type Task, TaskState } from "@a2a-js/sdk";
import { type Client, ClientFactory } from "@a2a-js/sdk/client";
import { TaskNotCancelableError, TaskNotFoundError } from "@a2a-js/sdk/errors";
import { parsePaymentRequired } from "@x402/core/schemas";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLedgerClient, type LedgerClient } from "#shared/ledger/client";
import { resolveNetwork } from "#shared/ledger/networks";
import type { PaymentPayload, PaymentRequired, SettleResponse } from "#shared/x402/transport";
import { FREE, PAID, startA2aStack } from "./support/a2a-stack.js";
import { newFundedAccount, type TestAccount } from "./support/accounts.js";
import { paymentJson } from "./support/cli-schemas.js";
import { stopCliStack } from "./support/cli-stack.js";
import { gasFee } from "./support/gas-fee.js";
import { jsonResult } from "./support/json-output.js";
import type { LocalStack } from "./support/local-stack.js";
import { signOffered } from "./support/offer-signer.js";
import { runCli } from "./support/run-cli.js";

const EXAMPLE = join(
  dirname(fileURLToPath(import.meta.url)),
  "../../../docs/examples/a2a-pay-and-run.mjs",
);
const execFileAsync = promisify(execFile);

const PRICE = 1000n;

let stack: LocalStack;
let dir: string;
let env: Record<string, string>;
let user: TestAccount;
let ledger: LedgerClient;
let free: Client;
let paid: Client;

const cardUrl = (processId: string) =>
  `${stack.gatewayUrl}/a2a/${processId}/.well-known/agent-card.json`;

/** A SendMessageRequest as the SDK's own codec reads one (A2A 1.0 JSON). */
function request(message: Record<string, unknown>, configuration?: Record<string, unknown>) {
  return SendMessageRequest.fromJSON({
    message: { messageId: crypto.randomUUID(), role: "ROLE_USER", ...message },
    ...(configuration === undefined ? {} : { configuration }),
  });
}

function asTask(result: unknown): Task {
  if (typeof result !== "object" || result === null || !("status" in result)) {
    throw new Error(`not a task: ${JSON.stringify(result)}`);
  }
  return result as Task;
}

const bearer = (task: Task) => ({
  serviceParameters: {
    authorization: `Bearer ${String(task.metadata?.["agentgate/accessToken"])}`,
  },
});

beforeAll(async () => {
  ({ stack, dir, env, user } = await startA2aStack("agentgate-a2a-", PRICE));
  ledger = createLedgerClient({
    network: resolveNetwork({ network: stack.ledgerUrl, moduleAddress: stack.moduleAddress }),
  });
  const factory = new ClientFactory();
  free = await factory.createFromUrl(cardUrl(FREE), "");
  paid = await factory.createFromUrl(cardUrl(PAID), "");
});

afterAll(() => stopCliStack(stack, dir));

describe("A2A SDK client against the local stack", () => {
  it("resolves the card from the gateway: JSON-RPC and HTTP+JSON, streaming, the agentgate extension", async () => {
    const card = await free.getAgentCard();
    expect(card.capabilities?.streaming).toBe(true);
    expect(card.supportedInterfaces.map((i) => i.protocolBinding)).toEqual(
      expect.arrayContaining(["JSONRPC", "HTTP+JSON"]),
    );
    expect(card.capabilities?.extensions.map((e) => e.uri)).toContain(
      "urn:agentgate:a2a:process:v1",
    );
    const paidCard = await paid.getAgentCard();
    expect(
      paidCard.capabilities?.extensions.find((e) => e.uri.includes("a2a-x402"))?.required,
    ).toBe(true);
  });

  it("SendMessage to a free process returns a completed task with the result artifact (a text part)", async () => {
    const task = asTask(
      await free.sendMessage(request({ parts: [{ text: "One sentence here." }] })),
    );
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const part = task.artifacts[0]?.parts[0]?.content;
    expect(part?.$case).toBe("data");
    expect(part?.value).toMatchObject({ words: 3, sentences: 1 });
  });

  it("SendStreamingMessage yields the task, working and completed in order", async () => {
    const events: StreamResponse[] = [];
    for await (const event of free.sendMessageStream(
      request({ parts: [{ data: { text: "Hello there. Again." } }] }),
    )) {
      events.push(event);
    }
    const states = events.flatMap((event) =>
      event.payload?.$case === "task"
        ? [event.payload.value.status?.state]
        : event.payload?.$case === "statusUpdate"
          ? [event.payload.value.status?.state]
          : [],
    );
    expect(states[0]).toBe(TaskState.TASK_STATE_SUBMITTED);
    expect(states).toContain(TaskState.TASK_STATE_WORKING);
    expect(states.at(-1)).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(events.some((event) => event.payload?.$case === "artifactUpdate")).toBe(true);
  });

  it("GetTask reads a task with its token; an unknown task is task not found; CancelTask of an ended one is refused", async () => {
    const task = asTask(
      await free.sendMessage(request({ parts: [{ text: "Short." }] }, { returnImmediately: true })),
    );
    const read = await vi.waitFor(
      async () => {
        const now = await free.getTask({ id: task.id, tenant: "" }, bearer(task));
        expect(now.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
        return now;
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(read.id).toBe(task.id);
    await expect(free.getTask({ id: "no-such-task", tenant: "" })).rejects.toBeInstanceOf(
      TaskNotFoundError,
    );
    await expect(
      free.cancelTask({ id: task.id, tenant: "", metadata: undefined }, bearer(task)),
    ).rejects.toBeInstanceOf(TaskNotCancelableError);
  });

  it("serves a 0.3-shaped request (JSON-RPC message/send without A2A-Version)", async () => {
    const res = await fetch(`${stack.gatewayUrl}/a2a/${FREE}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "message/send",
        params: {
          message: {
            kind: "message",
            messageId: "m1",
            role: "user",
            parts: [{ kind: "text", text: "Old client." }],
          },
        },
      }),
    });
    expect(await res.json()).toMatchObject({
      result: { kind: "task", status: { state: "completed" } },
    });
  });

  it("pays for a paid process through a2a-x402: input-required offer, paid follow-up, receipt, ledger delivered", async () => {
    const userBefore = await ledger.balance(user.address);
    const offer = asTask(
      await paid.sendMessage(
        request({
          parts: [{ data: { hello: "a2a" } }],
          metadata: { "agentgate/userAddress": user.address },
        }),
      ),
    );
    expect(offer.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const offered = offer.status?.message?.metadata?.["x402.payment.required"];
    expect(parsePaymentRequired(offered).success).toBe(true);
    const accepted = (offered as PaymentRequired).accepts[0];
    const unsigned = accepted?.extra.unsignedTransaction;
    if (accepted === undefined || typeof unsigned !== "string")
      throw new Error("no transaction offered");
    // The documented signer: the offered make_payment, signed by the payer's key.
    const payment: PaymentPayload = {
      x402Version: 2,
      accepted,
      payload: {
        signedTransaction: signOffered({ key: user.key, unsignedTransaction: unsigned }),
      },
    };
    const done = asTask(
      await paid.sendMessage(
        request({
          taskId: offer.id,
          parts: [{ data: { hello: "a2a" } }],
          metadata: { "x402.payment.status": "payment-submitted", "x402.payment.payload": payment },
        }),
      ),
    );
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const metadata = done.status?.message?.metadata ?? {};
    expect(metadata["x402.payment.status"]).toBe("payment-completed");
    const [receipt] = metadata["x402.payment.receipts"] as SettleResponse[];
    expect(receipt).toMatchObject({ success: true, payer: user.address });

    const record = await vi.waitFor(
      async () => {
        const shown = jsonResult(
          await runCli(["payment", "-i", PAID, "-t", offer.id, "-u", user.address, "--json"], {
            env,
          }),
          paymentJson,
        ).payment;
        expect(shown.outcomeName).toBe("DELIVERED");
        return shown;
      },
      { timeout: 20_000, interval: 500 },
    );
    expect(record.amount).toBe(PRICE.toString());
    const gas = await gasFee(stack.ledgerUrl, receipt?.transaction ?? "");
    expect(await ledger.balance(user.address)).toBe(userBefore - PRICE - gas);
  });
});

describe("the A2A client example (docs/examples/a2a-pay-and-run.mjs)", () => {
  it("pays for and runs the paid process through a2a-x402", async () => {
    const payer = await newFundedAccount({ dir, name: "a2a-example-payer", env });
    const { stdout } = await execFileAsync(
      process.execPath,
      [EXAMPLE, stack.gatewayUrl ?? "", PAID, '{"text":"example"}'],
      { env: { ...process.env, AGENTGATE_PRIVATE_KEY: payer.key } },
    );
    const printed = JSON.parse(stdout) as Record<string, unknown>;
    expect(printed).toMatchObject({
      state: "TASK_STATE_COMPLETED",
      result: { echo: { text: "example" } },
      receipt: { success: true, payer: payer.address },
    });
  });
});
