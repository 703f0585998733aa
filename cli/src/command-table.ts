import type { CommandDef } from "citty";

// biome-ignore lint/suspicious/noExplicitAny: citty's own SubCommandsDef types commands this way
type AnyCommand = CommandDef<any>;

export type CommandName =
  | "register"
  | "update"
  | "deregister"
  | "list"
  | "get-process"
  | "schema"
  | "run"
  | "a2a"
  | "logs"
  | "watch"
  | "result"
  | "cancel-run"
  | "pay"
  | "verify-payment"
  | "payment"
  | "release"
  | "refund"
  | "cancel"
  | "settle"
  | "report"
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
  /** The command with its meta (name and description) from this table. */
  load: () => Promise<AnyCommand>;
}

/**
 * Every command, with its one-line description and a lazy loader, so neither the help text nor
 * any one command loads the code of the others (or the ledger SDK). The description lives here
 * only: `agentgate --help` lists it and `load` gives it to the command, whose module sets no meta
 * of its own (cli/test/unit/command-table.test.ts), so the two cannot differ.
 */
const TABLE: Readonly<
  Record<CommandName, { description: string; module: () => Promise<{ default: AnyCommand }> }>
> = {
  register: {
    description: "Register a process; prints the id the registry assigned",
    module: () => import("./commands/register.js"),
  },
  update: {
    description: "Update a process you own: reads it, merges the new values, writes it back",
    module: () => import("./commands/update.js"),
  },
  deregister: {
    description: "Remove a process you own (its id stays reserved)",
    module: () => import("./commands/deregister.js"),
  },
  list: {
    description: "List processes, optionally by owner, tag or status",
    module: () => import("./commands/list.js"),
  },
  "get-process": {
    description: "Show one process",
    module: () => import("./commands/get-process.js"),
  },
  schema: {
    description: "Show what data a process takes (and what it returns), through the gateway",
    module: () => import("./commands/schema.js"),
  },
  run: {
    description: "Run a process through the gateway, optionally paying first",
    module: () => import("./commands/run.js"),
  },
  a2a: {
    description: "Run a process over A2A: a2a send (pays a paid process with your key)",
    module: () => import("./commands/a2a.js"),
  },
  logs: {
    description: "Show the logs of one run, through the gateway",
    module: () => import("./commands/logs.js"),
  },
  watch: {
    description: "Follow a run started earlier to its end: its status, progress and log lines",
    module: () => import("./commands/watch.js"),
  },
  result: {
    description: "Show a run started earlier: its result once it ended, else its state",
    module: () => import("./commands/result.js"),
  },
  "cancel-run": {
    description:
      "Cancel a run: a free one any time, a paid one only before its agent started (refundable)",
    module: () => import("./commands/cancel-run.js"),
  },
  pay: {
    description: "Pay for a task of a process; the amount is held in escrow",
    module: () => import("./commands/pay.js"),
  },
  "verify-payment": {
    description: "Check whether a user has a usable payment in escrow for a process",
    module: () => import("./commands/verify-payment.js"),
  },
  payment: {
    description: "Show one payment, with its status and outcome",
    module: () => import("./commands/payment.js"),
  },
  release: {
    description: "Release your escrowed payment to the process's receiver",
    module: () => import("./commands/release.js"),
  },
  refund: {
    description: "Take back your payment (after a failed outcome, within the refund window)",
    module: () => import("./commands/refund.js"),
  },
  cancel: {
    description: "Cancel a payment to your process; the escrow goes back to the payer",
    module: () => import("./commands/cancel.js"),
  },
  settle: {
    description:
      "Settle a payment after its refund window: to the receiver if delivered, else back",
    module: () => import("./commands/settle.js"),
  },
  report: {
    description:
      "Report a paid task delivered or failed (its provider or an agent); failed lets the payer refund",
    module: () => import("./commands/report.js"),
  },
  "create-workflow": {
    description: "Create a workflow; you become its owner",
    module: () => import("./commands/create-workflow.js"),
  },
  "add-task": {
    description: "Add a task to a workflow you own",
    module: () => import("./commands/add-task.js"),
  },
  "task-status": {
    description: "Move a task to a new status",
    module: () => import("./commands/task-status.js"),
  },
  approve: {
    description: "Approve a completed task; releases its payment when it has one",
    module: () => import("./commands/approve.js"),
  },
  workflow: {
    description: "Show a workflow with its tasks",
    module: () => import("./commands/workflow.js"),
  },
  balance: {
    description: "Show an account's APT balance (default: the signer's)",
    module: () => import("./commands/balance.js"),
  },
  fund: {
    description:
      "Fund an account from the faucet (local devnode, devnet or a custom node with a faucet)",
    module: () => import("./commands/fund.js"),
  },
  account: {
    description: "Manage local keys: account new creates a key pair",
    module: () => import("./commands/account.js"),
  },
};

export const COMMANDS: Readonly<Record<CommandName, CommandEntry>> = Object.fromEntries(
  Object.entries(TABLE).map(([name, { description, module }]) => [
    name,
    {
      description,
      load: async () => ({ ...(await module()).default, meta: { name, description } }),
    },
  ]),
) as Record<CommandName, CommandEntry>;

/** The entry of a command typed on the line; undefined for any other word. */
export function findCommand(name: string): CommandEntry | undefined {
  return Object.hasOwn(COMMANDS, name) ? COMMANDS[name as CommandName] : undefined;
}
