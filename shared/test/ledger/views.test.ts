import { AccountAddress, Deserializer } from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import { DEVNODE_MODULE_ADDRESS } from "#shared/contract/devnode";
import { STRUCTS } from "#shared/contract/structs";
import { LedgerError } from "#shared/ledger/errors";
import {
  gatewayContextJson,
  paymentRecordJson,
  processJson,
  taskJson,
  workflowJson,
} from "#shared/ledger/records";
import { PAYMENT_SETTLE_MARGIN_SECONDS } from "#shared/ledger/usable-payments";
import { MockNode, mockClient } from "./mock-node.js";

const M = DEVNODE_MODULE_ADDRESS;
const ALICE = `0x${"a1".repeat(32)}`;

const processJsonValue = {
  id: "proc-1",
  name: "Echo",
  description: "",
  owner: "0xa1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1",
  service_url: "service://ECHO",
  payment_address: "0xfa",
  agents: [],
  workflows: ["default"],
  tags: ["demo"],
  status: 0,
  pricing: { vec: [{ task_price: "1000", currency: "APT", requires_prepayment: true }] },
  created_at: "1700000000",
  updated_at: "1700000100",
};

function contextJson(
  now: number,
  open: { task_id: string; outcome: number; settle_time: number; amount?: string }[],
  taskPrice?: string,
) {
  return {
    process_exists: true,
    status: 0,
    owner: ALICE,
    service_url: "service://ECHO",
    pricing: {
      vec:
        taskPrice === undefined
          ? []
          : [{ task_price: taskPrice, currency: "APT", requires_prepayment: true }],
    },
    agents: [],
    open_payments: open.map((p) => ({
      amount: "10",
      ...p,
      settle_time: String(p.settle_time),
    })),
    authentication_key: `0x${"00".repeat(32)}`,
    now: String(now),
  };
}

const abortAnswer = (module: string, text: string) =>
  Response.json(
    {
      message: `Move abort in ${M}::${module}: ${text}`,
      error_code: "vm_error",
      vm_error_code: 4016,
    },
    { status: 400 },
  );

describe("view decoding", () => {
  it("reads every struct field the table lists, no more and no less", () => {
    const keys = (schema: { in: { shape: object } }) => Object.keys(schema.in.shape);
    expect(keys(processJson)).toEqual(STRUCTS.Process.fields.map((f) => f.name));
    expect(keys(paymentRecordJson)).toEqual(STRUCTS.PaymentRecord.fields.map((f) => f.name));
    expect(keys(gatewayContextJson)).toEqual(STRUCTS.GatewayContext.fields.map((f) => f.name));
    expect(keys(workflowJson)).toEqual(STRUCTS.Workflow.fields.map((f) => f.name));
    expect(keys(taskJson)).toEqual(STRUCTS.Task.fields.map((f) => f.name));
  });

  it("turns a process into typed values: bigint u64, Option as value, long addresses", async () => {
    const node = new MockNode();
    let sentId = "";
    node.views.set("process_registry::get_process", ([id]) => {
      sentId = new Deserializer(id ?? new Uint8Array()).deserializeStr();
      return Response.json([processJsonValue]);
    });
    const process = await mockClient(node).getProcess("proc-1");
    expect(sentId).toBe("proc-1");
    expect(process).toEqual({
      id: "proc-1",
      name: "Echo",
      description: "",
      owner: ALICE,
      serviceUrl: "service://ECHO",
      paymentAddress: `0x${"0".repeat(62)}fa`,
      agents: [],
      workflows: ["default"],
      tags: ["demo"],
      status: 0,
      pricing: { taskPrice: 1000n, currency: "APT", requiresPrepayment: true },
      createdAt: 1_700_000_000n,
      updatedAt: 1_700_000_100n,
    });
    expect(node.abiRequests()).toEqual([]);
  });

  it("answers null for a process the registry does not have", async () => {
    const node = new MockNode();
    node.views.set("process_registry::get_process", () =>
      abortAnswer("process_registry", "EPROCESS_NOT_FOUND(0x60001): nope"),
    );
    expect(await mockClient(node).getProcess("missing")).toBeNull();
  });

  it("passes other view aborts on as abort errors", async () => {
    const node = new MockNode();
    node.views.set("workflow::list_tasks", () =>
      abortAnswer("workflow", "EWORKFLOW_NOT_FOUND(0x60028): nope"),
    );
    await expect(mockClient(node).listTasks("wf")).rejects.toMatchObject({
      kind: "abort",
      abort: { abortName: "EWORKFLOW_NOT_FOUND", category: "not_found" },
    });
  });

  it("rejects a malformed node answer instead of returning it", async () => {
    const node = new MockNode();
    node.views.set("payment::escrow_balance", () => Response.json(["-5"]));
    const error = await mockClient(node)
      .escrowBalance()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LedgerError);
    expect((error as LedgerError).kind).toBe("rejected");
  });

  it("maps get_payment's nine values in SPEC's order", async () => {
    const node = new MockNode();
    node.views.set("payment::get_payment", (args) => {
      expect(
        AccountAddress.deserialize(new Deserializer(args[2] ?? new Uint8Array())).toStringLong(),
      ).toBe(ALICE);
      return Response.json(["p", "t", ALICE, "0x2", "77", "APT", 0, "5", "6"]);
    });
    expect(
      await mockClient(node).getPayment({ processId: "p", taskId: "t", payer: ALICE }),
    ).toEqual({
      processId: "p",
      taskId: "t",
      payer: ALICE,
      receiver: `0x${"0".repeat(63)}2`,
      amount: 77n,
      currency: "APT",
      status: 0,
      createdAt: 5n,
      updatedAt: 6n,
    });
  });
});

describe("SPEC payment operations keyed by (userAddress, processId)", () => {
  it("verifies by the gateway's rule: no outcome, settle time past the margin, amount >= price", async () => {
    const node = new MockNode();
    const client = mockClient(node);
    const answer = (ctx: unknown) =>
      node.views.set("payment::gateway_context", () => Response.json([ctx]));
    const margin = Number(PAYMENT_SETTLE_MARGIN_SECONDS);

    answer(contextJson(1000, []));
    expect(await client.verifyPayment(ALICE, "proc-1")).toBe(false);
    answer(contextJson(1000, [{ task_id: "a", outcome: 1, settle_time: 1000 + 2 * margin }]));
    expect(await client.verifyPayment(ALICE, "proc-1")).toBe(false);
    answer(contextJson(1000, [{ task_id: "a", outcome: 0, settle_time: 1000 + margin }]));
    expect(await client.verifyPayment(ALICE, "proc-1")).toBe(false);
    answer(contextJson(1000, [{ task_id: "a", outcome: 0, settle_time: 1001 + margin }]));
    expect(await client.verifyPayment(ALICE, "proc-1")).toBe(true);
    // A payment below the process's current price (raised after paying) does not count.
    const settle = 1001 + margin;
    answer(
      contextJson(1000, [{ task_id: "a", outcome: 0, settle_time: settle, amount: "10" }], "11"),
    );
    expect(await client.verifyPayment(ALICE, "proc-1")).toBe(false);
    answer(
      contextJson(1000, [{ task_id: "a", outcome: 0, settle_time: settle, amount: "11" }], "11"),
    );
    expect(await client.verifyPayment(ALICE, "proc-1")).toBe(true);
    // One view per verification.
    expect(node.requests.filter((r) => r.url.pathname === "/v1/view")).toHaveLength(6);
  });

  it("returns the oldest usable payment's record, skipping used ones, or null", async () => {
    const node = new MockNode();
    const client = mockClient(node);
    node.views.set("payment::gateway_context", () =>
      Response.json([
        contextJson(1000, [
          { task_id: "used", outcome: 2, settle_time: 9000 },
          { task_id: "first", outcome: 0, settle_time: 9000 },
          { task_id: "second", outcome: 0, settle_time: 9000 },
        ]),
      ]),
    );
    let asked = "";
    node.views.set("payment::get_payment_record", (args) => {
      asked = new Deserializer(args[1] ?? new Uint8Array()).deserializeStr();
      return Response.json([
        {
          process_id: "proc-1",
          task_id: asked,
          payer: ALICE,
          receiver: ALICE,
          provider: ALICE,
          amount: "10",
          currency: "APT",
          status: 0,
          outcome: 0,
          result_hash: "0x",
          created_at: "1",
          updated_at: "1",
          settle_time: "9000",
        },
      ]);
    });
    const details = await client.getPaymentDetails(ALICE, "proc-1");
    expect(asked).toBe("first");
    expect(details).toMatchObject({
      taskId: "first",
      amount: 10n,
      settleTime: 9000n,
      resultHash: new Uint8Array(),
    });

    node.views.set("payment::gateway_context", () => Response.json([contextJson(1000, [])]));
    expect(await client.getPaymentDetails(ALICE, "proc-1")).toBeNull();
  });
});

describe("balance", () => {
  it("reads APT through 0x1::coin::balance as a JSON view, without the indexer", async () => {
    const node = new MockNode();
    let asked: unknown;
    node.jsonViews.set("0x1::coin::balance", (body) => {
      asked = body;
      return Response.json(["123456789"]);
    });
    expect(await mockClient(node).balance(ALICE)).toBe(123_456_789n);
    expect(asked).toEqual({
      function: "0x1::coin::balance",
      type_arguments: ["0x1::aptos_coin::AptosCoin"],
      arguments: [ALICE],
    });
    expect(node.requests.some((r) => r.url.pathname.includes("graphql"))).toBe(false);
  });
});
