import { parsePaymentRequired } from "@x402/core/schemas";
import { beforeAll, describe, expect, it } from "vitest";
import type { PaymentRequired, SettleResponse } from "#shared/x402/transport";
import { address, fundedAccount, ledger, operator, uniqueId } from "../support/ledger-fixtures.js";
import { mcpRequest } from "../support/mcp-client.js";
import { operatedProcess } from "../support/operated-process.js";
import { agentRunsOf } from "../support/run-counts.js";
import { ownMakePayment, paymentPayload } from "../support/x402-client.js";

const PRICE = 1_000n;

type ToolResult = {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: { type: string; text: string }[];
  _meta?: Record<string, unknown>;
};

async function callTool(params: Record<string, unknown>): Promise<ToolResult> {
  const answer = await mcpRequest("tools/call", params);
  expect(answer.error).toBeUndefined();
  return answer.result as ToolResult;
}

describe("/mcp tools/call of a process that requires prepayment", () => {
  let processId: string;

  beforeAll(async () => {
    // The operator registers the process and pays the gas of its outcome reports.
    await ledger.fund({ address: address(operator), amount: 10_000_000_000n });
    ({ processId } = await operatedProcess(PRICE));
  });

  it("answers x402's payment-required tool result when the call carries no payment", async () => {
    const payer = await fundedAccount();
    const result = await callTool({
      name: processId,
      arguments: { n: 1 },
      _meta: { "agentgate/userAddress": address(payer) },
    });
    expect(result.isError).toBe(true);
    const parsed = parsePaymentRequired(result.structuredContent);
    expect(parsed.success).toBe(true);
    const required = result.structuredContent as PaymentRequired;
    expect(required.accepts[0]).toMatchObject({
      scheme: "escrow",
      amount: PRICE.toString(),
      extra: { processId, payer: address(payer) },
    });
    expect(required.accepts[0]?.extra.unsignedTransaction).toMatch(/^0x/);
    // The text-only form: x402's wrapper around the same object.
    const text = JSON.parse(result.content[0]?.text ?? "") as {
      "x402/error": { code: number; data: unknown };
    };
    expect(text["x402/error"].code).toBe(402);
    expect(text["x402/error"].data).toEqual(result.structuredContent);
  });

  it("pays and runs in one call on a signed make_payment, once: a replay does not run again", async () => {
    const payer = await fundedAccount();
    const first = await callTool({ name: processId, arguments: {} });
    const required = first.structuredContent as PaymentRequired;
    const accepted = required.accepts[0];
    if (accepted === undefined) throw new Error("no requirement offered");
    // Nobody named: no transaction was built for the anonymous zero address; the client builds one.
    expect(accepted.extra.unsignedTransaction).toBeUndefined();
    const taskId = uniqueId("mcp-task");
    const payment = paymentPayload(
      accepted,
      await ownMakePayment({ payer, processId, taskId, amount: PRICE }),
    );
    const call = {
      name: processId,
      arguments: { hello: "paid" },
      _meta: { "x402/payment": payment },
    };

    const paid = await callTool(call);
    expect(paid.isError).toBeUndefined();
    expect(paid.structuredContent).toMatchObject({ success: true, status: "completed", processId });
    const response = paid._meta?.["x402/payment-response"] as SettleResponse;
    expect(response).toMatchObject({ success: true, payer: address(payer) });
    expect(response.extra?.taskId).toBe(taskId);
    expect(paid.content.map((c) => c.text).join("\n")).toContain(
      `agentgate release -i ${processId} -t ${taskId}`,
    );
    expect(await agentRunsOf({ processId, taskId })).toHaveLength(1);

    const replay = await callTool(call);
    expect(replay.isError).toBe(true);
    expect(replay.structuredContent).toMatchObject({ code: "payment_already_claimed" });
    expect(await agentRunsOf({ processId, taskId })).toHaveLength(1);
  });

  it("answers a payment the ledger refuses with the offer and the failed SettleResponse, running nothing", async () => {
    // Funded for nothing: the node refuses the transaction (no gas), nothing commits.
    const payer = await fundedAccount(1n);
    const offer = await callTool({ name: processId, arguments: {} });
    const accepted = (offer.structuredContent as PaymentRequired).accepts[0];
    if (accepted === undefined) throw new Error("no requirement offered");
    const taskId = uniqueId("mcp-poor");
    const payment = paymentPayload(
      accepted,
      await ownMakePayment({ payer, processId, taskId, amount: PRICE }),
    );
    const result = await callTool({ name: processId, _meta: { "x402/payment": payment } });
    expect(result.isError).toBe(true);
    expect(parsePaymentRequired(result.structuredContent).success).toBe(true);
    expect(result.structuredContent?.["x402/payment-response"]).toMatchObject({ success: false });
    expect(await agentRunsOf({ processId, taskId })).toHaveLength(0);
  });
});
