/**
 * The gateway's A2A server driven by the unmodified A2A JS SDK client (@a2a-js/sdk) against the
 * local stack (docs/gateway.md, "A2A"): resolve a process's card from the gateway, send to a free
 * process, stream (the slow-report example's progress in order), cancel (a paid task queued at
 * the agent, refunded; one its agent works on, refused and delivered), read an unknown task, a
 * 0.3-shaped request, and pay for a paid process through the a2a-x402 extension with the
 * documented signer (the offered make_payment, signed), and the example refusing a tampered offer.
 */

import { TaskState } from "@a2a-js/sdk";
import { type Client, ClientFactory } from "@a2a-js/sdk/client";
import { TaskNotCancelableError, TaskNotFoundError } from "@a2a-js/sdk/errors";
import { parsePaymentRequired } from "@x402/core/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLedgerClient, type LedgerClient } from "#shared/ledger/client";
import { resolveNetwork } from "#shared/ledger/networks";
import {
  asTask,
  bearer,
  messageRequest,
  offeredPayment,
  offeredTask,
  paidTask,
  receiptOf,
  taskOnceState,
  x402Activated,
} from "./support/a2a-requests.js";
import { FREE, PAID, SLOW, startA2aStack } from "./support/a2a-stack.js";
import { streamEventName, streamed } from "./support/a2a-stream.js";
import { newFundedAccount, type TestAccount } from "./support/accounts.js";
import { paymentChangeJson } from "./support/cli-schemas.js";
import { stopCliStack } from "./support/cli-stack.js";
import { gasFee } from "./support/gas-fee.js";
import { expectFailure, jsonResult } from "./support/json-output.js";
import type { LocalStack } from "./support/local-stack.js";
import { paymentOnceOutcome } from "./support/payment-outcome.js";
import { runCli } from "./support/run-cli.js";
import { expectOfferRefused, paymentTerms, runExample } from "./support/run-example.js";
import { TAMPERED_OFFERS, throughTamperedOffers } from "./support/tampered-offer.js";

const PRICE = 1000n;

let stack: LocalStack;
let dir: string;
let env: Record<string, string>;
let user: TestAccount;
let ledger: LedgerClient;
let free: Client;
let paid: Client;
let slow: Client;

const cardUrl = (processId: string) =>
  `${stack.gatewayUrl}/a2a/${processId}/.well-known/agent-card.json`;

const newPayer = (name: string) => newFundedAccount({ dir, name, env });

/** A task of the slow process for `seconds` steps, paid by `payer`, answered at once. */
const paidSlowTask = (payer: TestAccount, seconds: number) =>
  paidTask({ client: slow, payer, data: { seconds }, configuration: { returnImmediately: true } });

const paymentOnce = (args: Omit<Parameters<typeof paymentOnceOutcome>[0], "env">) =>
  paymentOnceOutcome({ ...args, env });

beforeAll(async () => {
  ({ stack, dir, env, user } = await startA2aStack("agentgate-a2a-", PRICE));
  ledger = createLedgerClient({
    network: resolveNetwork({ network: stack.ledgerUrl, moduleAddress: stack.moduleAddress }),
  });
  const factory = new ClientFactory();
  free = await factory.createFromUrl(cardUrl(FREE), "");
  paid = await factory.createFromUrl(cardUrl(PAID), "");
  slow = await factory.createFromUrl(cardUrl(SLOW), "");
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
      await free.sendMessage(messageRequest({ parts: [{ text: "One sentence here." }] })),
    );
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const part = task.artifacts[0]?.parts[0]?.content;
    expect(part?.$case).toBe("data");
    expect(part?.value).toMatchObject({ words: 3, sentences: 1 });
  });

  it("SendStreamingMessage yields the task, working and completed in order", async () => {
    const events = await streamed(
      free.sendMessageStream(
        messageRequest({ parts: [{ data: { text: "Hello there. Again." } }] }),
      ),
    );
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

  it("SendStreamingMessage on the slow paid process yields the task, working, its progress, then the result and completed, in order", async () => {
    const { payment } = await offeredTask({ client: slow, payer: user, data: { seconds: 3 } });
    const events = await streamed(slow.sendMessageStream(payment, x402Activated));
    const names = events.map(streamEventName);
    expect(names[0]).toBe("task");
    const first = events[0]?.payload;
    expect(first?.$case === "task" && receiptOf(first.value)).toMatchObject({ success: true });
    // Progress and log updates come while working: after `working`, before the result.
    const working = names.indexOf("TASK_STATE_WORKING");
    const result = names.indexOf("artifact result");
    const progress = names.flatMap((name, at) => (name === "progress" ? [at] : []));
    expect(working).toBeGreaterThan(0);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]).toBeGreaterThan(working);
    expect(progress.at(-1)).toBeLessThan(result);
    expect(names.slice(result)).toEqual(["artifact result", "TASK_STATE_COMPLETED"]);
    // The last report is the last step's, and the artifact holds the report.
    const last = events[progress.at(-1) ?? -1]?.payload;
    expect(
      last?.$case === "statusUpdate" &&
        last.value.status?.message?.metadata?.["agentgate/progress"],
    ).toMatchObject({ progress: 3, total: 3 });
    const artifact = events[result]?.payload;
    expect(
      artifact?.$case === "artifactUpdate" && artifact.value.artifact?.parts[0]?.content,
    ).toMatchObject({ $case: "data", value: { seconds: 3, topic: "the weather" } });
  });

  it("GetTask reads a task with its token; an unknown task is task not found; CancelTask of an ended one is refused", async () => {
    const task = asTask(
      await free.sendMessage(
        messageRequest({ parts: [{ text: "Short." }] }, { returnImmediately: true }),
      ),
    );
    const read = await taskOnceState(free, task, TaskState.TASK_STATE_COMPLETED);
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
    const { offer, task: done } = await paidTask({
      client: paid,
      payer: user,
      data: { hello: "a2a" },
    });
    expect(offer.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(parsePaymentRequired(offeredPayment(offer)).success).toBe(true);
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const receipt = receiptOf(done);

    const record = await paymentOnce({
      processId: PAID,
      taskId: offer.id,
      payer: user,
      outcome: "DELIVERED",
    });
    expect(record.amount).toBe(PRICE.toString());
    const gas = await gasFee(stack.ledgerUrl, receipt?.transaction ?? "");
    expect(await ledger.balance(user.address)).toBe(userBefore - PRICE - gas);
  });

  it("CancelTask on a paid task queued at the agent: canceled, its payment FAILED, and refund returns all but gas", async () => {
    // The slow agent runs one task at a time: the first works, the second waits queued. Each
    // has its own payer: a payer holding a usable payment (one whose outcome is not reported
    // yet) is asked for a caller proof, not offered another (docs/gateway.md, "Execute", 6-7).
    const busy = await paidSlowTask(await newPayer("a2a-busy"), 12);
    await taskOnceState(slow, busy.task, TaskState.TASK_STATE_WORKING);
    const payer = await newPayer("a2a-canceler");
    const before = await ledger.balance(payer.address);
    const queued = await paidSlowTask(payer, 12);
    // The run is working from its call to the agent until the agent says it queued it.
    await taskOnceState(slow, queued.task, TaskState.TASK_STATE_SUBMITTED);

    const canceled = await slow.cancelTask(
      { id: queued.task.id, tenant: "", metadata: undefined },
      bearer(queued.task),
    );
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    const record = await paymentOnce({
      processId: SLOW,
      taskId: queued.offer.id,
      payer,
      outcome: "FAILED",
    });
    expect(record.amount).toBe(PRICE.toString());
    const refund = jsonResult(
      await runCli(["refund", "-i", SLOW, "-t", queued.offer.id, "--json", "-p", payer.key], {
        env,
      }),
      paymentChangeJson,
    );
    expect(refund.status).toBe("REFUNDED");
    const gas =
      (await gasFee(stack.ledgerUrl, receiptOf(queued.task)?.transaction ?? "")) +
      (await gasFee(stack.ledgerUrl, refund.transactionHash));
    expect(await ledger.balance(payer.address)).toBe(before - gas);
  });

  it("CancelTask on a paid task its agent works on is not cancelable; the task completes and its payment is delivered", async () => {
    const payer = await newPayer("a2a-watcher");
    const { offer, task } = await paidSlowTask(payer, 4);
    await taskOnceState(slow, task, TaskState.TASK_STATE_WORKING);
    await expect(
      slow.cancelTask({ id: task.id, tenant: "", metadata: undefined }, bearer(task)),
    ).rejects.toBeInstanceOf(TaskNotCancelableError);
    const done = await taskOnceState(slow, task, TaskState.TASK_STATE_COMPLETED);
    expect(done.artifacts[0]?.parts[0]?.content).toMatchObject({
      $case: "data",
      value: { seconds: 4 },
    });
    await paymentOnce({
      processId: SLOW,
      taskId: offer.id,
      payer,
      outcome: "DELIVERED",
    });
    expectFailure(
      await runCli(["refund", "-i", SLOW, "-t", offer.id, "-p", payer.key], { env }),
      5,
      /A refund needs the provider to have reported the task failed \(EOUTCOME_NOT_FAILED/,
    );
  });
});

describe("the A2A client example (docs/examples/a2a-pay-and-run.mjs)", () => {
  /** The example paying for the paid process through `gateway`, with the payer's terms. */
  const a2aExample = (payer: TestAccount, gateway: string, terms = paymentTerms(stack, PRICE)) =>
    runExample({
      example: "a2a-pay-and-run.mjs",
      argv: [gateway, PAID, '{"text":"example"}'],
      env: { AGENTGATE_PRIVATE_KEY: payer.key, ...terms },
    });

  it("pays for and runs the paid process through a2a-x402", async () => {
    const payer = await newPayer("a2a-example-payer");
    const { code, stdout, stderr } = await a2aExample(payer, stack.gatewayUrl ?? "");
    expect(code, stderr).toBe(0);
    const printed = JSON.parse(stdout) as Record<string, unknown>;
    expect(printed).toMatchObject({
      state: "TASK_STATE_COMPLETED",
      result: { echo: { text: "example" } },
      receipt: { success: true, payer: payer.address },
    });
  });

  it.each(TAMPERED_OFFERS)(
    "refuses an offer tampered on the way to $what: nothing signed, nothing spent",
    async ({ payer: name, tamper, why }) => {
      const payer = await newPayer(`a2a-${name}`);
      const before = await ledger.balance(payer.address);
      const { result, seen } = await throughTamperedOffers({
        gateway: stack.gatewayUrl ?? "",
        tamper,
        ownUrls: true,
        run: (url) => a2aExample(payer, url),
      });
      expectOfferRefused(result, why);
      // The card, then the one message that asked; no payment was sent.
      expect(seen.filter((line) => line.startsWith("POST"))).toHaveLength(1);
      expect(await ledger.balance(payer.address)).toBe(before);
    },
  );

  it("refuses an honest offer over AGENTGATE_MAX_PRICE, and pays nothing without the payer's terms", async () => {
    const payer = await newPayer("a2a-frugal-payer");
    const before = await ledger.balance(payer.address);
    const cheap = await a2aExample(payer, stack.gatewayUrl ?? "", paymentTerms(stack, PRICE - 1n));
    expect(cheap.code).toBe(1);
    expect(cheap.stderr).toMatch(/it pays 1000 octas, over AGENTGATE_MAX_PRICE/);
    const { AGENTGATE_CHAIN_ID: _, ...withoutChain } = paymentTerms(stack, PRICE);
    const unset = await a2aExample(payer, stack.gatewayUrl ?? "", withoutChain);
    expect(unset.code).toBe(2);
    expect(unset.stderr).toMatch(
      /^the process is paid: set AGENTGATE_PRIVATE_KEY .*AGENTGATE_CHAIN_ID/,
    );
    expect(await ledger.balance(payer.address)).toBe(before);
  });
});
