import type { ModuleName, MoveType } from "./modules.js";

export interface StructField {
  name: string;
  type: MoveType;
}

export interface StructSpec {
  module: ModuleName;
  /** Fields in declaration order; views return them as JSON objects with these keys. */
  fields: readonly StructField[];
}

const f = (name: string, type: MoveType): StructField => ({ name, type });

/** Every struct a view returns (`has copy, drop, store`). */
export const STRUCTS = {
  Pricing: {
    module: "process_registry",
    fields: [f("task_price", "u64"), f("currency", "String"), f("requires_prepayment", "bool")],
  },
  Process: {
    module: "process_registry",
    fields: [
      f("id", "String"),
      f("name", "String"),
      f("description", "String"),
      f("owner", "address"),
      f("service_url", "String"),
      f("payment_address", "address"),
      f("agents", "vector<address>"),
      f("workflows", "vector<String>"),
      f("tags", "vector<String>"),
      f("status", "u8"),
      f("pricing", "Option<Pricing>"),
      f("created_at", "u64"),
      f("updated_at", "u64"),
    ],
  },
  PaymentRecord: {
    module: "payment",
    fields: [
      f("process_id", "String"),
      f("task_id", "String"),
      f("payer", "address"),
      f("receiver", "address"),
      f("provider", "address"),
      f("amount", "u64"),
      f("currency", "String"),
      f("status", "u8"),
      f("outcome", "u8"),
      f("result_hash", "vector<u8>"),
      f("created_at", "u64"),
      f("updated_at", "u64"),
      f("settle_time", "u64"),
    ],
  },
  OpenPayment: {
    module: "payment",
    fields: [
      f("task_id", "String"),
      f("amount", "u64"),
      f("outcome", "u8"),
      f("settle_time", "u64"),
    ],
  },
  GatewayContext: {
    module: "payment",
    fields: [
      f("process_exists", "bool"),
      f("status", "u8"),
      f("owner", "address"),
      f("service_url", "String"),
      f("pricing", "Option<Pricing>"),
      f("agents", "vector<address>"),
      f("open_payments", "vector<OpenPayment>"),
      f("authentication_key", "vector<u8>"),
      f("now", "u64"),
    ],
  },
  Workflow: {
    module: "workflow",
    fields: [
      f("id", "String"),
      f("name", "String"),
      f("description", "String"),
      f("owner", "address"),
      f("status", "u8"),
      f("task_count", "u64"),
      f("created_at", "u64"),
      f("updated_at", "u64"),
    ],
  },
  Task: {
    module: "workflow",
    fields: [
      f("id", "String"),
      f("name", "String"),
      f("description", "String"),
      f("assignee", "address"),
      f("requester", "address"),
      f("process_id", "String"),
      f("dependencies", "vector<String>"),
      f("status", "u8"),
      f("created_at", "u64"),
      f("updated_at", "u64"),
    ],
  },
} as const satisfies Record<string, StructSpec>;

export type StructName = keyof typeof STRUCTS;

/** Every `#[event]` struct (`has drop, store`), emitted once per state change. */
export const EVENTS = {
  ProcessRegistered: {
    module: "process_registry",
    fields: [f("process_id", "String"), f("owner", "address")],
  },
  ProcessUpdated: {
    module: "process_registry",
    fields: [f("process_id", "String"), f("owner", "address"), f("status", "u8")],
  },
  ProcessDeregistered: {
    module: "process_registry",
    fields: [f("process_id", "String"), f("owner", "address")],
  },
  PaymentMade: {
    module: "payment",
    fields: [
      f("process_id", "String"),
      f("task_id", "String"),
      f("payer", "address"),
      f("receiver", "address"),
      f("amount", "u64"),
      f("settle_time", "u64"),
    ],
  },
  PaymentReleased: {
    module: "payment",
    fields: [
      f("process_id", "String"),
      f("task_id", "String"),
      f("payer", "address"),
      f("receiver", "address"),
      f("amount", "u64"),
    ],
  },
  PaymentRefunded: {
    module: "payment",
    fields: [
      f("process_id", "String"),
      f("task_id", "String"),
      f("payer", "address"),
      f("amount", "u64"),
    ],
  },
  PaymentCanceled: {
    module: "payment",
    fields: [
      f("process_id", "String"),
      f("task_id", "String"),
      f("payer", "address"),
      f("amount", "u64"),
      f("canceled_by", "address"),
    ],
  },
  PaymentSettled: {
    module: "payment",
    fields: [
      f("process_id", "String"),
      f("task_id", "String"),
      f("payer", "address"),
      f("amount", "u64"),
      f("delivered", "bool"),
      f("paid_to", "address"),
    ],
  },
  OutcomeReported: {
    module: "payment",
    fields: [
      f("process_id", "String"),
      f("task_id", "String"),
      f("payer", "address"),
      f("outcome", "u8"),
      f("result_hash", "vector<u8>"),
      f("reporter", "address"),
    ],
  },
  RunClaimed: {
    module: "payment",
    fields: [
      f("process_id", "String"),
      f("task_id", "String"),
      f("payer", "address"),
      f("operator", "address"),
    ],
  },
  RefundWindowChanged: {
    module: "payment",
    fields: [f("seconds", "u64")],
  },
  WorkflowCreated: {
    module: "workflow",
    fields: [f("workflow_id", "String"), f("owner", "address")],
  },
  WorkflowCanceled: {
    module: "workflow",
    fields: [f("workflow_id", "String"), f("canceled_by", "address")],
  },
  WorkflowCompleted: {
    module: "workflow",
    fields: [f("workflow_id", "String")],
  },
  TaskAdded: {
    module: "workflow",
    fields: [f("workflow_id", "String"), f("task_id", "String"), f("process_id", "String")],
  },
  TaskStatusChanged: {
    module: "workflow",
    fields: [
      f("workflow_id", "String"),
      f("task_id", "String"),
      f("from_status", "u8"),
      f("to_status", "u8"),
      f("changed_by", "address"),
    ],
  },
  TaskApproved: {
    module: "workflow",
    fields: [
      f("workflow_id", "String"),
      f("task_id", "String"),
      f("requester", "address"),
      f("payment_released", "bool"),
    ],
  },
} as const satisfies Record<string, StructSpec>;

export type EventName = keyof typeof EVENTS;
