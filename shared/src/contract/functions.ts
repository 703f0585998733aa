import type { ModuleName, MoveType } from "./modules.js";

export interface Param {
  name: string;
  type: MoveType;
}

export interface EntryFunctionSpec {
  module: ModuleName;
  name: string;
  kind: "entry";
  /** Name of the leading `&signer` parameter in the Move source. */
  signer: string;
  /** Parameters after the signer, in order. */
  params: readonly Param[];
}

export interface ViewFunctionSpec {
  module: ModuleName;
  name: string;
  kind: "view";
  params: readonly Param[];
  returns: readonly MoveType[];
}

export type FunctionSpec = EntryFunctionSpec | ViewFunctionSpec;

const p = (name: string, type: MoveType): Param => ({ name, type });

const entry = (
  module: ModuleName,
  name: string,
  signer: string,
  params: Param[],
): EntryFunctionSpec => ({ module, name, kind: "entry", signer, params });

const view = (
  module: ModuleName,
  name: string,
  params: Param[],
  returns: MoveType[],
): ViewFunctionSpec => ({ module, name, kind: "view", params, returns });

/** Fields a process takes at registration and on update (update replaces all of them). */
const processFields = [
  p("name", "String"),
  p("description", "String"),
  p("service_url", "String"),
  // @0x0 means "the owner": released funds then go to the owner's account.
  p("payment_address", "address"),
  p("agents", "vector<address>"),
  p("workflows", "vector<String>"),
  p("tags", "vector<String>"),
  p("status", "u8"),
  // When false the process has no pricing and the three pricing parameters are ignored.
  p("has_pricing", "bool"),
  p("task_price", "u64"),
  p("currency", "String"),
  p("requires_prepayment", "bool"),
];

const paymentKey = [p("process_id", "String"), p("task_id", "String"), p("payer_addr", "address")];

/**
 * Every `public entry fun` and `#[view] public fun` of the package, with parameter names and
 * Move types exactly as in the Move sources. The client builds transactions from this table
 * (no ABI request), the devnode decodes arguments with it, and the parity test checks it
 * against move/sources.
 */
export const FUNCTIONS = {
  // process_registry
  register_process: entry("process_registry", "register_process", "owner", [
    // Empty: the registry assigns `proc-<n>` and reports it in ProcessRegistered.
    p("id", "String"),
    ...processFields,
  ]),
  update_process: entry("process_registry", "update_process", "owner", [
    p("id", "String"),
    ...processFields,
  ]),
  deregister_process: entry("process_registry", "deregister_process", "owner", [p("id", "String")]),
  get_process: view("process_registry", "get_process", [p("id", "String")], ["Process"]),
  process_exists: view("process_registry", "process_exists", [p("id", "String")], ["bool"]),
  process_count: view("process_registry", "process_count", [], ["u64"]),
  list_processes: view(
    "process_registry",
    "list_processes",
    [p("start", "u64"), p("limit", "u64")],
    ["vector<Process>"],
  ),
  owner_process_count: view(
    "process_registry",
    "owner_process_count",
    [p("owner", "address")],
    ["u64"],
  ),
  list_processes_by_owner: view(
    "process_registry",
    "list_processes_by_owner",
    [p("owner", "address"), p("start", "u64"), p("limit", "u64")],
    ["vector<Process>"],
  ),
  // Change feed for read models: every register/update/deregister bumps the revision and
  // records the id changed at that revision.
  registry_revision: view("process_registry", "registry_revision", [], ["u64"]),
  changed_since: view(
    "process_registry",
    "changed_since",
    [p("revision", "u64"), p("limit", "u64")],
    ["vector<String>"],
  ),

  // payment
  initialize: entry("payment", "initialize", "admin", []),
  make_payment: entry("payment", "make_payment", "payer", [
    p("process_id", "String"),
    p("task_id", "String"),
    p("amount", "u64"),
  ]),
  release_payment: entry("payment", "release_payment", "payer", [
    p("process_id", "String"),
    p("task_id", "String"),
  ]),
  request_refund: entry("payment", "request_refund", "payer", [
    p("process_id", "String"),
    p("task_id", "String"),
  ]),
  cancel_payment: entry("payment", "cancel_payment", "caller", paymentKey),
  settle_payment: entry("payment", "settle_payment", "caller", paymentKey),
  report_outcome: entry("payment", "report_outcome", "caller", [
    ...paymentKey,
    p("delivered", "bool"),
    p("result_hash", "vector<u8>"),
  ]),
  // Written once, before the run, by the operator that will report it (move/README.md).
  claim_run: entry("payment", "claim_run", "caller", paymentKey),
  set_refund_window: entry("payment", "set_refund_window", "admin", [p("seconds", "u64")]),
  verify_payment: view("payment", "verify_payment", paymentKey, ["bool"]),
  payment_exists: view("payment", "payment_exists", paymentKey, ["bool"]),
  get_payment: view("payment", "get_payment", paymentKey, [
    "String",
    "String",
    "address",
    "address",
    "u64",
    "String",
    "u8",
    "u64",
    "u64",
  ]),
  get_payment_record: view("payment", "get_payment_record", paymentKey, ["PaymentRecord"]),
  open_payments: view(
    "payment",
    "open_payments",
    [p("process_id", "String"), p("payer_addr", "address")],
    ["vector<String>"],
  ),
  gateway_context: view(
    "payment",
    "gateway_context",
    [p("process_id", "String"), p("payer_addr", "address")],
    ["GatewayContext"],
  ),
  run_claimed_by: view("payment", "run_claimed_by", paymentKey, ["Option<address>"]),
  refund_window: view("payment", "refund_window", [], ["u64"]),
  vault_address: view("payment", "vault_address", [], ["address"]),
  escrow_balance: view("payment", "escrow_balance", [], ["u64"]),

  // workflow
  create_workflow: entry("workflow", "create_workflow", "owner", [
    p("id", "String"),
    p("name", "String"),
    p("description", "String"),
  ]),
  add_task: entry("workflow", "add_task", "owner", [
    p("workflow_id", "String"),
    p("task_id", "String"),
    p("name", "String"),
    p("description", "String"),
    p("assignee", "address"),
    p("requester", "address"),
    p("process_id", "String"),
    p("dependencies", "vector<String>"),
  ]),
  update_task_status: entry("workflow", "update_task_status", "caller", [
    p("workflow_id", "String"),
    p("task_id", "String"),
    p("new_status", "u8"),
  ]),
  cancel_workflow: entry("workflow", "cancel_workflow", "owner", [p("workflow_id", "String")]),
  approve_task_and_release_payment: entry(
    "workflow",
    "approve_task_and_release_payment",
    "requester",
    [p("workflow_id", "String"), p("task_id", "String")],
  ),
  approve_task: entry("workflow", "approve_task", "requester", [
    p("workflow_id", "String"),
    p("task_id", "String"),
  ]),
  workflow_exists: view("workflow", "workflow_exists", [p("id", "String")], ["bool"]),
  get_workflow: view("workflow", "get_workflow", [p("id", "String")], ["Workflow"]),
  get_task: view(
    "workflow",
    "get_task",
    [p("workflow_id", "String"), p("task_id", "String")],
    ["Task"],
  ),
  list_tasks: view("workflow", "list_tasks", [p("workflow_id", "String")], ["vector<Task>"]),
} as const satisfies Record<string, FunctionSpec>;

export type FunctionName = keyof typeof FUNCTIONS;
export type EntryFunctionName = {
  [K in FunctionName]: (typeof FUNCTIONS)[K]["kind"] extends "entry" ? K : never;
}[FunctionName];
export type ViewFunctionName = Exclude<FunctionName, EntryFunctionName>;
