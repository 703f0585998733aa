import type { Account } from "@aptos-labs/ts-sdk";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { LIMITS } from "#shared/contract/limits";
import { OUTCOME, TASK_STATUS } from "#shared/contract/status";
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
let owner: Account;
let assignee: Account;
let requester: Account;
let stranger: Account;

beforeAll(async () => {
  [owner, assignee, requester, stranger] = await Promise.all([
    fundedAccount(client),
    fundedAccount(client),
    fundedAccount(client),
    fundedAccount(client),
  ]);
});

async function workflowWithTask(): Promise<string> {
  const workflowId = uniqueId("wf");
  await client.createWorkflow({ signer: owner, id: workflowId, name: "W" });
  await client.addTask({
    signer: owner,
    workflowId,
    taskId: "t",
    name: "T",
    assignee: addressOf(assignee),
    requester: addressOf(requester),
  });
  return workflowId;
}

describe("create_workflow and add_task limits, as the Move tests expect them", () => {
  it("checks the workflow's id, name and description, and refuses a taken id", async () => {
    await expectAbort(
      client.createWorkflow({ signer: owner, id: "bad id", name: "W" }),
      "EINVALID_ID",
    );
    await expectAbort(
      client.createWorkflow({ signer: owner, id: "w".repeat(65), name: "W" }),
      "EINVALID_ID",
    );
    await expectAbort(
      client.createWorkflow({ signer: owner, id: uniqueId("wf"), name: "" }),
      "EINVALID_NAME",
    );
    await expectAbort(
      client.createWorkflow({
        signer: owner,
        id: uniqueId("wf"),
        name: "W",
        description: "d".repeat(1025),
      }),
      "EDESCRIPTION_TOO_LONG",
    );
    const id = uniqueId("wf");
    await client.createWorkflow({ signer: owner, id, name: "W" });
    expect(await client.workflowExists(id)).toBe(true);
    await expectAbort(
      client.createWorkflow({ signer: stranger, id, name: "W" }),
      "EWORKFLOW_EXISTS",
    );
  });

  it("lets only the owner add tasks, with valid ids, an existing process and known dependencies", async () => {
    const workflowId = await workflowWithTask();
    const add = (signer: Account, taskId: string, extra: Record<string, unknown> = {}) =>
      client.addTask({ signer, workflowId, taskId, name: "X", ...extra });
    await expectAbort(
      client.addTask({ signer: owner, workflowId: "no-such-wf", taskId: "x", name: "X" }),
      "EWORKFLOW_NOT_FOUND",
    );
    await expectAbort(add(stranger, "x"), "ENOT_WORKFLOW_OWNER");
    await expectAbort(add(owner, "bad id"), "EINVALID_ID");
    await expectAbort(add(owner, "x", { name: "" }), "EINVALID_NAME");
    await expectAbort(add(owner, "x", { description: "d".repeat(1025) }), "EDESCRIPTION_TOO_LONG");
    await expectAbort(add(owner, "x", { processId: "no-such-process" }), "EPROCESS_NOT_FOUND");
    await expectAbort(
      add(owner, "x", {
        dependencies: Array.from({ length: LIMITS.MAX_DEPENDENCIES + 1 }, () => "t"),
      }),
      "ETOO_MANY_DEPENDENCIES",
    );
    await expectAbort(add(owner, "x", { dependencies: ["missing"] }), "EDEPENDENCY_NOT_FOUND");
    await expectAbort(add(owner, "t"), "ETASK_EXISTS");
  });

  it("holds at most 64 tasks a workflow", async () => {
    const workflowId = uniqueId("wf");
    await client.createWorkflow({ signer: owner, id: workflowId, name: "Big" });
    for (let i = 0; i < LIMITS.MAX_TASKS; i++) {
      await client.addTask({ signer: owner, workflowId, taskId: `t${i}`, name: "T" });
    }
    await expectAbort(
      client.addTask({ signer: owner, workflowId, taskId: "extra", name: "T" }),
      "ETOO_MANY_TASKS",
    );
    expect(await client.listTasks(workflowId)).toHaveLength(LIMITS.MAX_TASKS);
  }, 240_000);
});

describe("task status permissions", () => {
  it("lets the assignee start and finish, and refuses strangers, repeats and unknown targets", async () => {
    const workflowId = await workflowWithTask();
    const set = (signer: Account, status: number) =>
      client.updateTaskStatus({ signer, workflowId, taskId: "t", status });
    await expectAbort(
      client.updateTaskStatus({
        signer: owner,
        workflowId,
        taskId: "missing",
        status: "IN_PROGRESS",
      }),
      "ETASK_NOT_FOUND",
    );
    // PENDING and APPROVED are never targets: invalid_state, as the contract says.
    await expectAbort(set(assignee, TASK_STATUS.APPROVED), "EINVALID_TRANSITION");
    await expectAbort(set(assignee, TASK_STATUS.PENDING), "EINVALID_TRANSITION");
    await expectAbort(set(assignee, 6), "EINVALID_TASK_STATUS");
    await expectAbort(set(assignee, TASK_STATUS.COMPLETED), "EINVALID_TRANSITION");
    await expectAbort(set(stranger, TASK_STATUS.IN_PROGRESS), "ENOT_AUTHORIZED");
    await expectAbort(set(requester, TASK_STATUS.IN_PROGRESS), "ENOT_AUTHORIZED");
    await set(assignee, TASK_STATUS.IN_PROGRESS);
    await expectAbort(set(assignee, TASK_STATUS.IN_PROGRESS), "EINVALID_TRANSITION");
    await expectAbort(set(requester, TASK_STATUS.CANCELED), "ENOT_AUTHORIZED");
    await set(assignee, TASK_STATUS.FAILED);
    await expectAbort(set(owner, TASK_STATUS.CANCELED), "EINVALID_TRANSITION");
  });

  it("lets the requester cancel only while the task is pending", async () => {
    const workflowId = await workflowWithTask();
    await client.updateTaskStatus({
      signer: requester,
      workflowId,
      taskId: "t",
      status: "CANCELED",
    });
    expect((await client.getTask({ workflowId, taskId: "t" }))?.status).toBe(TASK_STATUS.CANCELED);
  });

  it("lets only the owner cancel the workflow", async () => {
    const workflowId = await workflowWithTask();
    await expectAbort(
      client.cancelWorkflow({ signer: assignee, workflowId }),
      "ENOT_WORKFLOW_OWNER",
    );
    await expectAbort(
      client.cancelWorkflow({ signer: owner, workflowId: "no-such-wf" }),
      "EWORKFLOW_NOT_FOUND",
    );
  });

  it("lets only the requester approve, and only a completed task", async () => {
    const workflowId = await workflowWithTask();
    await expectAbort(
      client.approveTask({ signer: requester, workflowId, taskId: "t" }),
      "ETASK_NOT_COMPLETED",
    );
    await client.updateTaskStatus({
      signer: assignee,
      workflowId,
      taskId: "t",
      status: "IN_PROGRESS",
    });
    await client.updateTaskStatus({
      signer: assignee,
      workflowId,
      taskId: "t",
      status: "COMPLETED",
    });
    await expectAbort(
      client.approveTask({ signer: owner, workflowId, taskId: "t" }),
      "ENOT_REQUESTER",
    );
    await expectAbort(
      client.approveTask({ signer: requester, workflowId, taskId: "missing" }),
      "ETASK_NOT_FOUND",
    );
    await client.approveTask({ signer: requester, workflowId, taskId: "t" });
  });
});

describe("outcome propagation", () => {
  it("records nothing when someone other than the provider side moves a paid task", async () => {
    const provider = await fundedAccount(client);
    const processId = await registerProcess(client, provider);
    const workflowId = uniqueId("wf");
    // The requester owns the workflow, so it may move the task itself, but it is not the provider.
    await client.createWorkflow({ signer: requester, id: workflowId, name: "Self-served" });
    await client.addTask({ signer: requester, workflowId, taskId: "job", name: "Job", processId });
    await client.makePayment(requester, { processId, taskId: "job", amount: 10n });
    await client.updateTaskStatus({
      signer: requester,
      workflowId,
      taskId: "job",
      status: "IN_PROGRESS",
    });
    await client.updateTaskStatus({
      signer: requester,
      workflowId,
      taskId: "job",
      status: "FAILED",
    });
    const record = await client.getPaymentRecord({
      processId,
      taskId: "job",
      payer: addressOf(requester),
    });
    expect(record?.outcome).toBe(OUTCOME.NONE);
    await expectAbort(
      client.requestRefund(requester, { processId, taskId: "job" }),
      "EOUTCOME_NOT_FAILED",
    );
  });

  it("refuses approval with release when the payment already left escrow", async () => {
    const provider = await fundedAccount(client);
    const processId = await registerProcess(client, provider);
    const workflowId = uniqueId("wf");
    await client.createWorkflow({ signer: requester, id: workflowId, name: "Released early" });
    await client.addTask({
      signer: requester,
      workflowId,
      taskId: "job",
      name: "Job",
      assignee: addressOf(provider),
      processId,
    });
    await client.makePayment(requester, { processId, taskId: "job", amount: 10n });
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
    await client.releasePayment(requester, { processId, taskId: "job" });
    await expectAbort(
      client.approveTaskAndReleasePayment({ signer: requester, workflowId, taskId: "job" }),
      "ENOT_IN_ESCROW",
    );
  });
});
