import { describe, expect, it, vi } from "vitest";
import { OUTCOME, PAYMENT_STATUS, TASK_STATUS, WORKFLOW_STATUS } from "#shared/contract/status";
import {
  addressOf,
  devnodeClient,
  expectAbort,
  fundedAccount,
  registerProcess,
  uniqueId,
} from "./harness.js";

// Every step is a signed transaction through the devnode; on a busy 2-core machine that is slow.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const client = devnodeClient();

describe("workflows through the shared client", () => {
  it("adds tasks with dependencies and starts a task only after its dependencies complete", async () => {
    const owner = await fundedAccount(client);
    const workflowId = uniqueId("wf");
    await client.createWorkflow({
      signer: owner,
      id: workflowId,
      name: "Pipeline",
      description: "fetch then sum",
    });
    await client.addTask({ signer: owner, workflowId, taskId: "fetch", name: "Fetch" });
    await client.addTask({ signer: owner, workflowId, taskId: "parse", name: "Parse" });
    await client.addTask({
      signer: owner,
      workflowId,
      taskId: "sum",
      name: "Sum",
      dependencies: ["fetch", "parse"],
    });

    const tasks = await client.listTasks(workflowId);
    expect(tasks.map((t) => t.id)).toEqual(["fetch", "parse", "sum"]);
    expect(await client.getTask({ workflowId, taskId: "sum" })).toMatchObject({
      dependencies: ["fetch", "parse"],
      status: TASK_STATUS.PENDING,
      assignee: addressOf(owner),
      requester: addressOf(owner),
      processId: "",
    });
    expect((await client.getWorkflow(workflowId))?.taskCount).toBe(3n);

    await expectAbort(
      client.updateTaskStatus({ signer: owner, workflowId, taskId: "sum", status: "IN_PROGRESS" }),
      "EDEPENDENCIES_NOT_DONE",
    );
    for (const taskId of ["fetch", "parse"]) {
      await client.updateTaskStatus({ signer: owner, workflowId, taskId, status: "IN_PROGRESS" });
      await client.updateTaskStatus({ signer: owner, workflowId, taskId, status: "COMPLETED" });
    }
    await client.updateTaskStatus({
      signer: owner,
      workflowId,
      taskId: "sum",
      status: "IN_PROGRESS",
    });
    await client.updateTaskStatus({
      signer: owner,
      workflowId,
      taskId: "sum",
      status: "COMPLETED",
    });
    expect((await client.getWorkflow(workflowId))?.status).toBe(WORKFLOW_STATUS.COMPLETED);
  });

  it("approves a completed paid task and releases its payment to the process's receiver in one transaction", async () => {
    const provider = await fundedAccount(client);
    const requester = await fundedAccount(client);
    const processId = await registerProcess(client, provider);
    const workflowId = uniqueId("wf");
    await client.createWorkflow({ signer: requester, id: workflowId, name: "Paid" });
    await client.addTask({
      signer: requester,
      workflowId,
      taskId: "job",
      name: "Job",
      assignee: addressOf(provider),
      requester: addressOf(requester),
      processId,
    });
    await client.makePayment(requester, { processId, taskId: "job", amount: 9_000n });

    await expectAbort(
      client.approveTaskAndReleasePayment({ signer: requester, workflowId, taskId: "job" }),
      "ETASK_NOT_COMPLETED",
    );
    await client.updateTaskStatus({
      signer: provider,
      workflowId,
      taskId: "job",
      status: "IN_PROGRESS",
    });
    await client.updateTaskStatus({
      signer: provider,
      workflowId,
      taskId: "job",
      status: "COMPLETED",
    });
    // The provider completed the task, so its delivery is on record for the payment.
    const key = { processId, taskId: "job", payer: addressOf(requester) };
    expect((await client.getPaymentRecord(key))?.outcome).toBe(OUTCOME.DELIVERED);
    await expectAbort(
      client.approveTask({ signer: requester, workflowId, taskId: "job" }),
      "EPAYMENT_PENDING",
    );
    await expectAbort(
      client.approveTaskAndReleasePayment({ signer: provider, workflowId, taskId: "job" }),
      "ENOT_REQUESTER",
    );

    const before = await client.balance(addressOf(provider));
    const receipt = await client.approveTaskAndReleasePayment({
      signer: requester,
      workflowId,
      taskId: "job",
    });
    expect(await client.balance(addressOf(provider))).toBe(before + 9_000n);
    expect((await client.getPayment(key))?.status).toBe(PAYMENT_STATUS.COMPLETED);
    expect((await client.getTask({ workflowId, taskId: "job" }))?.status).toBe(
      TASK_STATUS.APPROVED,
    );
    const names = receipt.events.map((e) => e.type.split("::").slice(1).join("::"));
    expect(names).toEqual(
      expect.arrayContaining(["workflow::TaskApproved", "payment::PaymentReleased"]),
    );
  });

  it("approves a task without a payment, and refuses release when there is none", async () => {
    const owner = await fundedAccount(client);
    const workflowId = uniqueId("wf");
    await client.createWorkflow({ signer: owner, id: workflowId, name: "Free" });
    await client.addTask({ signer: owner, workflowId, taskId: "t", name: "T" });
    await client.updateTaskStatus({
      signer: owner,
      workflowId,
      taskId: "t",
      status: "IN_PROGRESS",
    });
    await client.updateTaskStatus({ signer: owner, workflowId, taskId: "t", status: "COMPLETED" });
    await expectAbort(
      client.approveTaskAndReleasePayment({ signer: owner, workflowId, taskId: "t" }),
      "EPAYMENT_NOT_FOUND",
    );
    await client.approveTask({ signer: owner, workflowId, taskId: "t" });
    expect((await client.getTask({ workflowId, taskId: "t" }))?.status).toBe(TASK_STATUS.APPROVED);
  });

  it("records a failure for the payment when the provider fails the task, so the requester can refund", async () => {
    const provider = await fundedAccount(client);
    const requester = await fundedAccount(client);
    const processId = await registerProcess(client, provider);
    const workflowId = uniqueId("wf");
    await client.createWorkflow({ signer: requester, id: workflowId, name: "Fails" });
    await client.addTask({
      signer: requester,
      workflowId,
      taskId: "job",
      name: "Job",
      assignee: addressOf(provider),
      processId,
    });
    await client.makePayment(requester, { processId, taskId: "job", amount: 500n });
    await client.updateTaskStatus({
      signer: provider,
      workflowId,
      taskId: "job",
      status: "IN_PROGRESS",
    });
    await client.updateTaskStatus({
      signer: provider,
      workflowId,
      taskId: "job",
      status: "FAILED",
    });
    const key = { processId, taskId: "job", payer: addressOf(requester) };
    expect((await client.getPaymentRecord(key))?.outcome).toBe(OUTCOME.FAILED);
    await client.requestRefund(requester, { processId, taskId: "job" });
    expect((await client.getPayment(key))?.status).toBe(PAYMENT_STATUS.REFUNDED);
  });

  it("cancels a workflow and every open task with it", async () => {
    const owner = await fundedAccount(client);
    const workflowId = uniqueId("wf");
    await client.createWorkflow({ signer: owner, id: workflowId, name: "Cancel me" });
    await client.addTask({ signer: owner, workflowId, taskId: "a", name: "A" });
    await client.addTask({ signer: owner, workflowId, taskId: "b", name: "B" });
    await client.updateTaskStatus({
      signer: owner,
      workflowId,
      taskId: "a",
      status: "IN_PROGRESS",
    });
    await client.cancelWorkflow({ signer: owner, workflowId });
    expect((await client.getWorkflow(workflowId))?.status).toBe(WORKFLOW_STATUS.CANCELED);
    expect((await client.listTasks(workflowId)).map((t) => t.status)).toEqual([
      TASK_STATUS.CANCELED,
      TASK_STATUS.CANCELED,
    ]);
    await expectAbort(client.cancelWorkflow({ signer: owner, workflowId }), "EWORKFLOW_NOT_ACTIVE");
    await expectAbort(
      client.addTask({ signer: owner, workflowId, taskId: "c", name: "C" }),
      "EWORKFLOW_NOT_ACTIVE",
    );
  });

  it("answers null and false for workflows and tasks that do not exist", async () => {
    expect(await client.getWorkflow("no-such-workflow")).toBeNull();
    expect(await client.workflowExists("no-such-workflow")).toBe(false);
    expect(await client.getTask({ workflowId: "no-such-workflow", taskId: "t" })).toBeNull();
  });
});
