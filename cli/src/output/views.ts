import type {
  LedgerPaymentRecord,
  LedgerProcess,
  LedgerTask,
  LedgerWorkflow,
} from "#shared/ledger";
import { outcomeName, paymentStatusName } from "#shared/schemas/payment";
import { processStatusFromCode } from "#shared/schemas/process";
import { taskStatusName, workflowStatusName } from "#shared/schemas/workflow";
import {
  formatApt,
  formatKeyValues,
  formatLedgerTime,
  formatList,
  formatTable,
  shortAddress,
} from "./format.js";

/** Status names for codes; an unknown code is shown as such rather than hidden. */
const named = (name: string | undefined, code: number) => name ?? `unknown (${code})`;

export function processStatusText(code: number): string {
  return named(processStatusFromCode(code), code);
}

export function priceText(process: LedgerProcess): string {
  const pricing = process.pricing;
  if (!pricing) return "free";
  const prepay = pricing.requiresPrepayment ? ", prepayment required" : "";
  return `${formatApt(pricing.taskPrice)}${prepay}`;
}

export function processView(process: LedgerProcess): string {
  return formatKeyValues([
    ["id", process.id],
    ["name", process.name],
    ["description", process.description || "-"],
    ["status", processStatusText(process.status)],
    ["owner", process.owner],
    ["service url", process.serviceUrl],
    ["payment address", process.paymentAddress],
    ["price", priceText(process)],
    ["agents", formatList(process.agents)],
    ["workflows", formatList(process.workflows)],
    ["tags", formatList(process.tags)],
    ["created", formatLedgerTime(process.createdAt)],
    ["updated", formatLedgerTime(process.updatedAt)],
  ]);
}

export function processTable(processes: readonly LedgerProcess[]): string {
  if (processes.length === 0) return "No processes.";
  return formatTable(
    ["ID", "NAME", "STATUS", "PRICE (octas)", "OWNER", "TAGS"],
    processes.map((p) => [
      p.id,
      p.name,
      processStatusText(p.status),
      p.pricing ? p.pricing.taskPrice.toString() : "free",
      shortAddress(p.owner),
      formatList(p.tags),
    ]),
  );
}

export function paymentView(payment: LedgerPaymentRecord): string {
  return formatKeyValues([
    ["process", payment.processId],
    ["task", payment.taskId],
    ["status", named(paymentStatusName(payment.status), payment.status)],
    ["outcome", named(outcomeName(payment.outcome), payment.outcome)],
    ["amount", formatApt(payment.amount)],
    ["currency", payment.currency],
    ["payer", payment.payer],
    ["receiver", payment.receiver],
    ["provider", payment.provider],
    ["created", formatLedgerTime(payment.createdAt)],
    ["updated", formatLedgerTime(payment.updatedAt)],
    ["settles after", formatLedgerTime(payment.settleTime)],
  ]);
}

/** JSON form of a payment: status names beside the codes, amounts and times as strings/numbers. */
export function paymentJson(payment: LedgerPaymentRecord) {
  return {
    processId: payment.processId,
    taskId: payment.taskId,
    payer: payment.payer,
    receiver: payment.receiver,
    provider: payment.provider,
    amount: payment.amount.toString(),
    currency: payment.currency,
    status: payment.status,
    statusName: named(paymentStatusName(payment.status), payment.status),
    outcome: payment.outcome,
    outcomeName: named(outcomeName(payment.outcome), payment.outcome),
    createdAt: Number(payment.createdAt),
    updatedAt: Number(payment.updatedAt),
    settleTime: Number(payment.settleTime),
  };
}

export function taskStatusText(code: number): string {
  return named(taskStatusName(code), code);
}

export function workflowView(workflow: LedgerWorkflow, tasks: readonly LedgerTask[]): string {
  const head = formatKeyValues([
    ["id", workflow.id],
    ["name", workflow.name],
    ["description", workflow.description || "-"],
    ["status", named(workflowStatusName(workflow.status), workflow.status)],
    ["owner", workflow.owner],
    ["tasks", workflow.taskCount.toString()],
    ["created", formatLedgerTime(workflow.createdAt)],
    ["updated", formatLedgerTime(workflow.updatedAt)],
  ]);
  if (tasks.length === 0) return head;
  const table = formatTable(
    ["TASK", "NAME", "STATUS", "PROCESS", "ASSIGNEE", "REQUESTER", "DEPENDS ON"],
    tasks.map((t) => [
      t.id,
      t.name,
      taskStatusText(t.status),
      t.processId || "-",
      shortAddress(t.assignee),
      shortAddress(t.requester),
      formatList(t.dependencies),
    ]),
  );
  return `${head}\n\n${table}`;
}

export function workflowJson(workflow: LedgerWorkflow, tasks: readonly LedgerTask[]) {
  return {
    id: workflow.id,
    name: workflow.name,
    description: workflow.description,
    owner: workflow.owner,
    status: named(workflowStatusName(workflow.status), workflow.status),
    taskCount: Number(workflow.taskCount),
    createdAt: Number(workflow.createdAt),
    updatedAt: Number(workflow.updatedAt),
    tasks: tasks.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      assignee: t.assignee,
      requester: t.requester,
      processId: t.processId,
      dependencies: t.dependencies,
      status: taskStatusText(t.status),
      createdAt: Number(t.createdAt),
      updatedAt: Number(t.updatedAt),
    })),
  };
}
