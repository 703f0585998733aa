import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { CALLER_ORIGIN_HEADER } from "#shared/auth/caller-proof";
import { A2A_X402_EXTENSION } from "#shared/schemas/agent-card";
import {
  a2aPath,
  a2aRpc,
  dataMessage,
  legacyDataMessage,
  sseData,
} from "../support/a2a-requests.js";
import { SELF } from "../support/checked-self.js";
import {
  address,
  fundedAccount,
  GATEWAY,
  ledger,
  operator,
  testProcess,
} from "../support/ledger-fixtures.js";
import { operatedProcess } from "../support/operated-process.js";
import { agentRunsOf } from "../support/run-counts.js";

// The a2a-x402 extension is the client's to activate (docs/gateway.md, "A2A", "Payment"; the
// extension's §8 and §3.1): a message to a paid process that does not activate it, and carries
// no caller proof, is refused with A2A's ExtensionSupportRequired before anything is offered.

const PRICE = 1_000n;
/** A2A's ExtensionSupportRequiredError over JSON-RPC. */
const EXTENSION_SUPPORT_REQUIRED = -32008;

const rpcErrorSchema = z.object({
  error: z.object({ code: z.number(), message: z.string() }),
});
const rpcTaskSchema = z.object({
  result: z.object({
    task: z.looseObject({
      id: z.string(),
      status: z.looseObject({
        state: z.string(),
        message: z.looseObject({ metadata: z.record(z.string(), z.unknown()) }).optional(),
      }),
    }),
  }),
});

function restSend(processId: string, body: unknown, headers: Record<string, string> = {}) {
  return SELF.fetch(`${GATEWAY}${a2aPath(processId)}/message:send`, {
    method: "POST",
    headers: { "content-type": "application/json", "a2a-version": "1.0", ...headers },
    body: JSON.stringify(body),
  });
}

/** The header that activates the extension over A2A 1.0. */
const ACTIVATES = { "a2a-extensions": A2A_X402_EXTENSION };

describe("a2a-x402 activation at a paid process", () => {
  let processId: string;
  let payer: string;

  beforeAll(async () => {
    await ledger.fund({ address: address(operator), amount: 10_000_000_000n });
    ({ processId } = await operatedProcess(PRICE));
    payer = address(await fundedAccount());
  });

  const asks = () => dataMessage({ n: 1 }, { "agentgate/userAddress": payer });
  /** A 1.0 JSON-RPC `method` asking for a task of the paid process, with `headers`. */
  const ask = (method: string, headers: Record<string, string> = {}) =>
    a2aRpc({ processId, method, params: { message: asks() }, headers });
  /** A 0.3 client's message/send (no A2A-Version header), with `headers`. */
  const askAs03 = (headers: Record<string, string> = {}) =>
    a2aRpc({
      processId,
      version: null,
      method: "message/send",
      params: { message: legacyDataMessage({ n: 1 }) },
      headers,
    });

  /** A payment message for the offered task `taskId` (its payload aside), with `headers`. */
  const payFor = (taskId: string, headers: Record<string, string> = {}) =>
    a2aRpc({
      processId,
      method: "SendMessage",
      params: {
        message: {
          ...dataMessage({ n: 1 }, { "x402.payment.status": "payment-submitted" }),
          taskId,
        },
      },
      headers,
    });

  it("refuses a SendMessage that does not activate it, over JSON-RPC 1.0, 0.3 and HTTP+JSON, offering nothing", async () => {
    const v1 = rpcErrorSchema.parse(await (await ask("SendMessage")).json());
    expect(v1.error.code).toBe(EXTENSION_SUPPORT_REQUIRED);
    expect(v1.error.message).toContain(A2A_X402_EXTENSION);

    const v03 = rpcErrorSchema.parse(await (await askAs03()).json());
    expect(v03.error.code).toBe(EXTENSION_SUPPORT_REQUIRED);
    expect(v03.error.message).toContain(A2A_X402_EXTENSION);

    const rest = await restSend(processId, { message: asks() });
    expect(rest.status).toBe(400);
    const text = await rest.text();
    expect(text).toContain("EXTENSION_SUPPORT_REQUIRED");
    expect(text).toContain(A2A_X402_EXTENSION);
    expect(text).not.toContain("x402.payment.required");
  });

  it("refuses a payment message that does not activate it: nothing is submitted, nothing runs", async () => {
    const offered = rpcTaskSchema.parse(await (await ask("SendMessage", ACTIVATES)).json()).result
      .task;
    expect(offered.status.message?.metadata["x402.payment.status"]).toBe("payment-required");
    const res = await payFor(offered.id);
    expect(rpcErrorSchema.parse(await res.json()).error.code).toBe(EXTENSION_SUPPORT_REQUIRED);
    expect(await agentRunsOf({ processId, taskId: offered.id })).toHaveLength(0);
  });

  it("is not skipped by a caller-proof header that proves nothing: no offer, no payment taken", async () => {
    // The exception is for a payer who already paid: a proof header alone opens no offer and
    // settles no payment without the activation.
    const fake = { [CALLER_ORIGIN_HEADER]: "x" };
    const asked = rpcErrorSchema.parse(await (await ask("SendMessage", fake)).json());
    expect(asked.error.code).toBe(EXTENSION_SUPPORT_REQUIRED);
    const offered = rpcTaskSchema.parse(await (await ask("SendMessage", ACTIVATES)).json()).result
      .task;
    const res = await payFor(offered.id, fake);
    expect(rpcErrorSchema.parse(await res.json()).error.code).toBe(EXTENSION_SUPPORT_REQUIRED);
    expect(await agentRunsOf({ processId, taskId: offered.id })).toHaveLength(0);
  });

  it("with it activated answers the offer and echoes the activation in each binding's header", async () => {
    const v1 = await ask("SendMessage", ACTIVATES);
    expect(v1.headers.get("a2a-extensions")).toBe(A2A_X402_EXTENSION);
    const task = rpcTaskSchema.parse(await v1.json()).result.task;
    expect(task.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    expect(task.status.message?.metadata["x402.payment.status"]).toBe("payment-required");

    // A 0.3 client activates it with its own header name, and is answered under it.
    const v03 = await askAs03({ "x-a2a-extensions": A2A_X402_EXTENSION });
    expect(v03.headers.get("x-a2a-extensions")).toBe(A2A_X402_EXTENSION);
    expect(await v03.json()).toMatchObject({
      result: { kind: "task", status: { state: "input-required" } },
    });

    const rest = await restSend(processId, { message: asks() }, ACTIVATES);
    expect(rest.status).toBe(200);
    expect(rest.headers.get("a2a-extensions")).toBe(A2A_X402_EXTENSION);
  });

  it("holds for SendStreamingMessage too: refused as a plain error, or the offer streamed with the echo", async () => {
    const refused = await ask("SendStreamingMessage");
    expect(rpcErrorSchema.parse(await refused.json()).error.code).toBe(EXTENSION_SUPPORT_REQUIRED);
    const streamed = await ask("SendStreamingMessage", ACTIVATES);
    expect(streamed.headers.get("a2a-extensions")).toBe(A2A_X402_EXTENSION);
    expect(await sseData(streamed)).toMatchObject([
      { result: { task: { status: { state: "TASK_STATE_INPUT_REQUIRED" } } } },
    ]);
  });

  it("does not count 0.3's header name on an A2A 1.0 request (A2A 1.0 names it A2A-Extensions)", async () => {
    const res = await ask("SendMessage", { "x-a2a-extensions": A2A_X402_EXTENSION });
    expect(rpcErrorSchema.parse(await res.json()).error.code).toBe(EXTENSION_SUPPORT_REQUIRED);
  });
});

describe("a2a-x402 activation at a free process", () => {
  it("is ignored: the task runs either way, and nothing is echoed", async () => {
    const processId = await testProcess("free");
    const plain = await a2aRpc({
      processId,
      method: "SendMessage",
      params: { message: dataMessage({}) },
    });
    expect(plain.headers.get("a2a-extensions")).toBeNull();
    expect(rpcTaskSchema.parse(await plain.json()).result.task.status.state).toBe(
      "TASK_STATE_COMPLETED",
    );
    const activated = await a2aRpc({
      processId,
      method: "SendMessage",
      params: { message: dataMessage({}) },
      headers: ACTIVATES,
    });
    expect(activated.headers.get("a2a-extensions")).toBeNull();
    expect(rpcTaskSchema.parse(await activated.json()).result.task.status.state).toBe(
      "TASK_STATE_COMPLETED",
    );
  });
});
