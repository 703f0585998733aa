import { Account } from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import { ABORT_CODES } from "#shared/contract/aborts";
import { DEVNODE_MODULE_ADDRESS } from "#shared/contract/devnode";
import { FUNCTIONS } from "#shared/contract/functions";
import { createLedgerClient } from "#shared/ledger/client";
import { customNetwork } from "#shared/ledger/networks";
import { failure } from "./ledger-failure.js";
import { MockNode, mockClient } from "./mock-node.js";

const M = DEVNODE_MODULE_ADDRESS;

describe("entry functions", () => {
  it("builds make_payment from the table: no ABI request, args encoded per parameter type", async () => {
    const node = new MockNode();
    const client = mockClient(node);
    const payer = Account.generate();
    const hash = await client.makePayment(payer, {
      processId: "proc-1",
      taskId: "t-1",
      amount: "1500",
    });

    expect(node.abiRequests()).toEqual([]);
    const [sent] = node.submitted();
    expect(sent?.hash).toBe(hash);
    expect(sent).toMatchObject({
      sender: payer.accountAddress.toStringLong(),
      function: `${M}::payment::make_payment`,
      entryFunction: "make_payment",
      args: { process_id: "proc-1", task_id: "t-1", amount: 1500n },
      chainId: 4,
      sequenceNumber: 7n,
      gasUnitPrice: 100n,
      maxGasAmount: 200_000n,
    });
  });

  it("encodes every process field of register_process in the table's order, vectors and options included", async () => {
    const node = new MockNode();
    node.outcome.events = [
      {
        type: `${M}::process_registry::ProcessRegistered`,
        data: { process_id: "proc-9", owner: "0x1" },
      },
    ];
    const client = mockClient(node);
    const owner = Account.generate();
    const agent = `0x${"a".repeat(64)}`;
    const receipt = await client.registerProcess({
      signer: owner,
      process: {
        name: "Summarizer",
        serviceUrl: "service://SUMMARIZER",
        agents: [agent],
        workflows: ["wf-1"],
        tags: ["nlp", "text"],
        status: "maintenance",
        pricing: { taskPrice: 2500n, requiresPrepayment: true },
      },
    });

    expect(receipt.processId).toBe("proc-9");
    expect(receipt.version).toBe(42n);
    expect(receipt.gasUsed).toBe(12n);
    const [sent] = node.submitted();
    expect(Object.keys(sent?.args ?? {})).toEqual(
      FUNCTIONS.register_process.params.map((p) => p.name),
    );
    expect(sent?.args).toEqual({
      id: "",
      name: "Summarizer",
      description: "",
      service_url: "service://SUMMARIZER",
      payment_address: `0x${"0".repeat(64)}`,
      agents: [agent],
      workflows: ["wf-1"],
      tags: ["nlp", "text"],
      status: 2,
      has_pricing: true,
      task_price: 2500n,
      currency: "APT",
      requires_prepayment: true,
    });
    expect(node.abiRequests()).toEqual([]);
  });

  it("sends report_outcome's result hash as vector<u8> and the payer as an address", async () => {
    const node = new MockNode();
    const client = mockClient(node);
    const payer = `0x${"b".repeat(64)}`;
    await client.reportOutcome({
      signer: Account.generate(),
      processId: "p",
      taskId: "t",
      payer,
      delivered: true,
      resultHash: new Uint8Array([1, 2, 3]),
    });
    expect(node.submitted()[0]?.args).toEqual({
      process_id: "p",
      task_id: "t",
      payer_addr: payer,
      delivered: true,
      result_hash: new Uint8Array([1, 2, 3]),
    });
  });

  it("uses a given sequence number without asking the node for the account", async () => {
    const node = new MockNode();
    const client = mockClient(node);
    await client.createWorkflow({
      signer: Account.generate(),
      id: "wf",
      name: "W",
      options: { sequenceNumber: 99n },
    });
    expect(node.submitted()[0]?.sequenceNumber).toBe(99n);
    expect(node.requests.some((r) => /^\/v1\/accounts\/[^/]+$/.test(r.url.pathname))).toBe(false);
  });

  it("turns a committed abort into an abort error with the table's message and the hash", async () => {
    const node = new MockNode();
    node.outcome = {
      success: false,
      vm_status: `Move abort in ${M}::payment: EPAYMENT_EXISTS(0x80019): A payment exists`,
      events: [],
    };
    const client = mockClient(node);
    const error = await failure(
      client.makePayment(Account.generate(), { processId: "p", taskId: "t", amount: 5n }),
    );
    expect(error.kind).toBe("abort");
    expect(error.abort?.abortName).toBe("EPAYMENT_EXISTS");
    expect(error.message).toContain(ABORT_CODES.EPAYMENT_EXISTS.message);
    expect(error.hash).toBe(node.submitted()[0]?.hash);
  });

  it("reports a validation rejection at submit as rejected with the status name", async () => {
    const node = new MockNode();
    node.submitAnswer = () =>
      Response.json(
        {
          message: "Invalid transaction: Type: Validation Code: SEQUENCE_NUMBER_TOO_OLD",
          error_code: "vm_error",
          vm_error_code: 3,
        },
        { status: 400 },
      );
    const error = await failure(
      mockClient(node).releasePayment(Account.generate(), { processId: "p", taskId: "t" }),
    );
    expect(error).toMatchObject({
      kind: "rejected",
      vmStatusName: "SEQUENCE_NUMBER_TOO_OLD",
      vmErrorCode: 3,
    });
  });

  it("rejects a malformed amount as invalid_input naming the field, before anything is sent", async () => {
    const node = new MockNode();
    const error = await failure(
      mockClient(node).makePayment(Account.generate(), {
        processId: "p",
        taskId: "t",
        amount: "1.5",
      }),
    );
    expect(error.kind).toBe("invalid_input");
    expect(error.message).toMatch(/^amount:/);
    expect(node.requests).toEqual([]);
  });

  it("reports progress while the transaction is pending, then returns the receipt", async () => {
    const node = new MockNode();
    node.pendingPolls = 2;
    const states: string[] = [];
    const receipt = await mockClient(node).cancelPayment({
      signer: Account.generate(),
      processId: "p",
      taskId: "t",
      payer: "0x1",
      options: { onProgress: (p) => states.push(p.state) },
    });
    expect(states).toEqual(["pending", "pending"]);
    expect(receipt.hash).toBe(node.submitted()[0]?.hash);
  });

  it("asks for the sequence number and gas price, then submits once and waits with wait_by_hash", async () => {
    const node = new MockNode();
    await mockClient(node).makePayment(Account.generate(), {
      processId: "p",
      taskId: "t",
      amount: 1n,
    });
    // The local preset knows its chain id, so no ledger-info request; a committed transaction
    // is seen on the first long poll.
    expect(
      node.requests
        .map((r) => `${r.method} ${r.url.pathname.replace(/0x[0-9a-f]+/, "<x>")}`)
        .sort(),
    ).toEqual([
      "GET /v1/accounts/<x>",
      "GET /v1/estimate_gas_price",
      "GET /v1/transactions/wait_by_hash/<x>",
      "POST /v1/transactions",
    ]);
    const submit = node.requests.find((r) => r.method === "POST");
    expect(submit?.headers.get("content-type")).toBe("application/x.aptos.signed_transaction+bcs");
  });

  it("asks a custom node for its chain id", async () => {
    const node = new MockNode();
    const client = createLedgerClient({
      network: customNetwork({ fullnode: "http://127.0.0.1:8080/v1", moduleAddress: M }),
      fetch: node.fetch,
    });
    await client.makePayment(Account.generate(), { processId: "p", taskId: "t", amount: 1n });
    expect(node.requests.some((r) => r.method === "GET" && r.url.pathname === "/v1/")).toBe(true);
    expect(node.submitted()[0]?.chainId).toBe(4);
  });

  it("reports an unexpected node answer as rejected, naming the request", async () => {
    const node = new MockNode();
    node.submitAnswer = () => Response.json({ nothing: true }, { status: 202 });
    const error = await failure(
      mockClient(node).makePayment(Account.generate(), { processId: "p", taskId: "t", amount: 1n }),
    );
    expect(error).toMatchObject({
      kind: "rejected",
      message: "submit: unexpected answer from the ledger node",
    });
  });
});
