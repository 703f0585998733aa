import type { CommandDef } from "citty";

// biome-ignore lint/suspicious/noExplicitAny: citty's own SubCommandsDef types commands this way
type AnyCommand = CommandDef<any>;

interface CommandEntry {
  description: string;
  load: () => Promise<AnyCommand>;
}

/**
 * Every command, with its one-line description for `agentgate --help` and a lazy loader, so
 * neither the help text nor any one command loads the code of the others (or the ledger SDK).
 */
export const COMMANDS: Readonly<Record<string, CommandEntry>> = {
  register: {
    description: "Register a process; prints its id",
    load: () => import("./commands/register.js").then((m) => m.default),
  },
  update: {
    description: "Update a process you own (reads, merges, writes back)",
    load: () => import("./commands/update.js").then((m) => m.default),
  },
  deregister: {
    description: "Remove a process you own",
    load: () => import("./commands/deregister.js").then((m) => m.default),
  },
  list: {
    description: "List processes, optionally by owner, tag or status",
    load: () => import("./commands/list.js").then((m) => m.default),
  },
  "get-process": {
    description: "Show one process",
    load: () => import("./commands/get-process.js").then((m) => m.default),
  },
  run: {
    description: "Run a process through the gateway (optionally paying first)",
    load: () => import("./commands/run.js").then((m) => m.default),
  },
  logs: {
    description: "Show the logs of one run, through the gateway",
    load: () => import("./commands/logs.js").then((m) => m.default),
  },
  pay: {
    description: "Pay for a task of a process; funds are held in escrow",
    load: () => import("./commands/pay.js").then((m) => m.default),
  },
  "verify-payment": {
    description: "Check whether a user has a payment in escrow for a process",
    load: () => import("./commands/verify-payment.js").then((m) => m.default),
  },
  payment: {
    description: "Show one payment with its status",
    load: () => import("./commands/payment.js").then((m) => m.default),
  },
  release: {
    description: "Release your escrowed payment to the process's receiver",
    load: () => import("./commands/release.js").then((m) => m.default),
  },
  refund: {
    description: "Take back your payment after a reported failure",
    load: () => import("./commands/refund.js").then((m) => m.default),
  },
  cancel: {
    description: "Cancel a payment to your process (returns it to the payer)",
    load: () => import("./commands/cancel.js").then((m) => m.default),
  },
  settle: {
    description: "Settle a payment whose refund window has passed",
    load: () => import("./commands/settle.js").then((m) => m.default),
  },
  "create-workflow": {
    description: "Create a workflow",
    load: () => import("./commands/create-workflow.js").then((m) => m.default),
  },
  "add-task": {
    description: "Add a task to a workflow you own",
    load: () => import("./commands/add-task.js").then((m) => m.default),
  },
  "task-status": {
    description: "Move a task to a new status",
    load: () => import("./commands/task-status.js").then((m) => m.default),
  },
  approve: {
    description: "Approve a completed task (and release its payment)",
    load: () => import("./commands/approve.js").then((m) => m.default),
  },
  workflow: {
    description: "Show a workflow with its tasks",
    load: () => import("./commands/workflow.js").then((m) => m.default),
  },
  balance: {
    description: "Show an account's APT balance",
    load: () => import("./commands/balance.js").then((m) => m.default),
  },
  fund: {
    description: "Fund an account from the faucet (local and devnet only)",
    load: () => import("./commands/fund.js").then((m) => m.default),
  },
  account: {
    description: "Create a key pair (account new)",
    load: () => import("./commands/account.js").then((m) => m.default),
  },
};
