/**
 * The package's records as the engine holds them, field for field the structs of
 * shared/src/contract/structs.ts (u64 as bigint, u8 as number, addresses in long form,
 * vector<u8> as bytes, Option as `T | null`). toJson checks them against the table at runtime.
 */
export interface Pricing {
  task_price: bigint;
  currency: string;
  requires_prepayment: boolean;
}

export interface Process {
  id: string;
  name: string;
  description: string;
  owner: string;
  service_url: string;
  payment_address: string;
  agents: string[];
  workflows: string[];
  tags: string[];
  status: number;
  pricing: Pricing | null;
  created_at: bigint;
  updated_at: bigint;
}

export interface PaymentRecord {
  process_id: string;
  task_id: string;
  payer: string;
  receiver: string;
  provider: string;
  amount: bigint;
  currency: string;
  status: number;
  outcome: number;
  result_hash: Uint8Array;
  created_at: bigint;
  updated_at: bigint;
  settle_time: bigint;
}

export interface OpenPayment {
  task_id: string;
  amount: bigint;
  outcome: number;
  settle_time: bigint;
}

export interface GatewayContext {
  process_exists: boolean;
  status: number;
  owner: string;
  service_url: string;
  pricing: Pricing | null;
  agents: string[];
  open_payments: OpenPayment[];
  authentication_key: Uint8Array;
  now: bigint;
}

export interface Workflow {
  id: string;
  name: string;
  description: string;
  owner: string;
  status: number;
  task_count: bigint;
  created_at: bigint;
  updated_at: bigint;
}

export interface Task {
  id: string;
  name: string;
  description: string;
  assignee: string;
  requester: string;
  process_id: string;
  dependencies: string[];
  status: number;
  created_at: bigint;
  updated_at: bigint;
}
