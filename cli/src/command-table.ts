import type { CommandDef } from "citty";

// biome-ignore lint/suspicious/noExplicitAny: citty's own SubCommandsDef types commands this way
type AnyCommand = CommandDef<any>;

export type CommandName =
  | "register"
  | "update"
  | "deregister"
  | "list"
  | "get-process"
  | "run"
  | "logs"
  | "pay"
  | "verify-payment"
  | "payment"
  | "release"
  | "refund"
  | "cancel"
  | "settle"
  | "create-workflow"
  | "add-task"
  | "task-status"
  | "approve"
  | "workflow"
  | "balance"
  | "fund"
  | "account";

interface CommandEntry {
  description: string;
  load: () => Promise<AnyCommand>;
}

/**
 * Every command, with its one-line description and a lazy loader, so neither the help text nor
 * any one command loads the code of the others (or the ledger SDK). The description lives here
 * only: `agentgate --help` lists it and each command's own meta takes it (commandMeta), so the
 * two cannot differ (cli/test/unit/command-table.test.ts).
 */
export const COMMANDS: Readonly<Record<CommandName, CommandEntry>> = {
  register: {
    description: "Register a process; prints the id the registry assigned",
    load: () => import("./commands/register").then((m) => m.default),
  },
  update: {
    description: "Update a process you own: reads it, merges the new values, writes it back",
    load: () => import("./commands/update").then((m) => m.default),
  },
  deregister: {
    description: "Remove a process you own (its id stays reserved)",
    load: () => import("./commands/deregister").then((m) => m.default),
  },
  list: {
    description: "List processes, optionally by owner, tag or status",
    load: () => import("./commands/list").then((m) => m.default),
  },
  "get-process": {
    description: "Show one process",
    load: () => import("./commands/get-process").then((m) => m.default),
  },
  run: {
    description: "Run a process through the gateway, optionally paying first",
    load: () => import("./commands/run").then((m) => m.default),
  },
  logs: {
    description: "Show the logs of one run, through the gateway",
    load: () => import("./commands/logs").then((m) => m.default),
  },
  pay: {
    description: "Pay for a task of a process; the amount is held in escrow",
    load: () => import("./commands/pay").then((m) => m.default),
  },
  "verify-payment": {
    description: "Check whether a user has a usable payment in escrow for a process",
    load: () => import("./commands/verify-payment").then((m) => m.default),
  },
  payment: {
    description: "Show one payment, with its status and outcome",
    load: () => import("./commands/payment").then((m) => m.default),
  },
  release: {
    description: "Release your escrowed payment to the process's receiver",
    load: () => import("./commands/release").then((m) => m.default),
  },
  refund: {
    description: "Take back your payment (after a failed outcome, within the refund window)",
    load: () => import("./commands/refund").then((m) => m.default),
  },
  cancel: {
    description: "Cancel a payment to your process; the escrow goes back to the payer",
    load: () => import("./commands/cancel").then((m) => m.default),
  },
  settle: {
    description:
      "Settle a payment after its refund window: to the receiver if delivered, else back",
    load: () => import("./commands/settle").then((m) => m.default),
  },
  "create-workflow": {
    description: "Create a workflow; you become its owner",
    load: () => import("./commands/create-workflow").then((m) => m.default),
  },
  "add-task": {
    description: "Add a task to a workflow you own",
    load: () => import("./commands/add-task").then((m) => m.default),
  },
  "task-status": {
    description: "Move a task to a new status",
    load: () => import("./commands/task-status").then((m) => m.default),
  },
  approve: {
    description: "Approve a completed task; releases its payment when it has one",
    load: () => import("./commands/approve").then((m) => m.default),
  },
  workflow: {
    description: "Show a workflow with its tasks",
    load: () => import("./commands/workflow").then((m) => m.default),
  },
  balance: {
    description: "Show an account's APT balance (default: the signer's)",
    load: () => import("./commands/balance").then((m) => m.default),
  },
  fund: {
    description:
      "Fund an account from the faucet (local devnode, devnet or a custom node with a faucet)",
    load: () => import("./commands/fund").then((m) => m.default),
  },
  account: {
    description: "Manage local keys: account new creates a key pair",
    load: () => import("./commands/account").then((m) => m.default),
  },
};

/** A command's citty meta: its name and its description from the table. */
export function commandMeta(name: CommandName): { name: CommandName; description: string } {
  return { name, description: COMMANDS[name].description };
}

/** The entry of a command typed on the line; undefined for any other word. */
export function findCommand(name: string): CommandEntry | undefined {
  return Object.hasOwn(COMMANDS, name) ? COMMANDS[name as CommandName] : undefined;
}
