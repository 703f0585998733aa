import { z } from "zod";
import {
  addressJson,
  boolJson,
  bytesJson,
  optionJson,
  stringJson,
  u8Json,
  u64Json,
} from "./move-json.js";

/**
 * The structs views return (shared/src/contract/structs.ts), read from the node's JSON into
 * typed records: u64 -> bigint, Option -> value | undefined, addresses in long form, byte
 * vectors as Uint8Array, field names in camelCase. Status and outcome stay the ledger's u8 codes
 * (see contract/status.ts); toSpecProcess turns a process into the gateway's Process.
 */
export const pricingJson = z
  .object({ task_price: u64Json, currency: stringJson, requires_prepayment: boolJson })
  .transform((v) => ({
    taskPrice: v.task_price,
    currency: v.currency,
    requiresPrepayment: v.requires_prepayment,
  }));

export type LedgerPricing = z.output<typeof pricingJson>;

export const processJson = z
  .object({
    id: stringJson,
    name: stringJson,
    description: stringJson,
    owner: addressJson,
    service_url: stringJson,
    payment_address: addressJson,
    agents: z.array(addressJson),
    workflows: z.array(stringJson),
    tags: z.array(stringJson),
    status: u8Json,
    pricing: optionJson(pricingJson),
    created_at: u64Json,
    updated_at: u64Json,
  })
  .transform((v) => ({
    id: v.id,
    name: v.name,
    description: v.description,
    owner: v.owner,
    serviceUrl: v.service_url,
    paymentAddress: v.payment_address,
    agents: v.agents,
    workflows: v.workflows,
    tags: v.tags,
    status: v.status,
    pricing: v.pricing,
    createdAt: v.created_at,
    updatedAt: v.updated_at,
  }));

/** A process as the registry stores it (get_process, list_processes). */
export type LedgerProcess = z.output<typeof processJson>;

export const paymentRecordJson = z
  .object({
    process_id: stringJson,
    task_id: stringJson,
    payer: addressJson,
    receiver: addressJson,
    provider: addressJson,
    amount: u64Json,
    currency: stringJson,
    status: u8Json,
    outcome: u8Json,
    result_hash: bytesJson,
    created_at: u64Json,
    updated_at: u64Json,
    settle_time: u64Json,
  })
  .transform((v) => ({
    processId: v.process_id,
    taskId: v.task_id,
    payer: v.payer,
    receiver: v.receiver,
    provider: v.provider,
    amount: v.amount,
    currency: v.currency,
    status: v.status,
    outcome: v.outcome,
    resultHash: v.result_hash,
    createdAt: v.created_at,
    updatedAt: v.updated_at,
    settleTime: v.settle_time,
  }));

/**
 * The full escrow record (get_payment_record): get_payment's nine values plus provider, outcome,
 * result hash, settle time.
 */
export type LedgerPaymentRecord = z.output<typeof paymentRecordJson>;

/** get_payment's nine return values, in the order the Move function returns them. */
export const paymentTupleJson = z
  .tuple([
    stringJson,
    stringJson,
    addressJson,
    addressJson,
    u64Json,
    stringJson,
    u8Json,
    u64Json,
    u64Json,
  ])
  .transform(
    ([processId, taskId, payer, receiver, amount, currency, status, createdAt, updatedAt]) => ({
      processId,
      taskId,
      payer,
      receiver,
      amount,
      currency,
      status,
      createdAt,
      updatedAt,
    }),
  );

/** The payment record: the nine values of get_payment. */
export type LedgerPayment = z.output<typeof paymentTupleJson>;

export const openPaymentJson = z
  .object({ task_id: stringJson, amount: u64Json, outcome: u8Json, settle_time: u64Json })
  .transform((v) => ({
    taskId: v.task_id,
    amount: v.amount,
    outcome: v.outcome,
    settleTime: v.settle_time,
  }));

export type OpenPayment = z.output<typeof openPaymentJson>;

export const gatewayContextJson = z
  .object({
    process_exists: boolJson,
    status: u8Json,
    owner: addressJson,
    service_url: stringJson,
    pricing: optionJson(pricingJson),
    agents: z.array(addressJson),
    open_payments: z.array(openPaymentJson),
    authentication_key: bytesJson,
    now: u64Json,
  })
  .transform((v) => ({
    processExists: v.process_exists,
    status: v.status,
    owner: v.owner,
    serviceUrl: v.service_url,
    pricing: v.pricing,
    agents: v.agents,
    /** The caller's ESCROW payments for the process, oldest first. */
    openPayments: v.open_payments,
    authenticationKey: v.authentication_key,
    /** Ledger time in seconds when the view ran. */
    now: v.now,
  }));

/** What the gateway needs for one execute, in one view (payment::gateway_context). */
export type GatewayContext = z.output<typeof gatewayContextJson>;

export const workflowJson = z
  .object({
    id: stringJson,
    name: stringJson,
    description: stringJson,
    owner: addressJson,
    status: u8Json,
    task_count: u64Json,
    created_at: u64Json,
    updated_at: u64Json,
  })
  .transform((v) => ({
    id: v.id,
    name: v.name,
    description: v.description,
    owner: v.owner,
    status: v.status,
    taskCount: v.task_count,
    createdAt: v.created_at,
    updatedAt: v.updated_at,
  }));

export type LedgerWorkflow = z.output<typeof workflowJson>;

export const taskJson = z
  .object({
    id: stringJson,
    name: stringJson,
    description: stringJson,
    assignee: addressJson,
    requester: addressJson,
    process_id: stringJson,
    dependencies: z.array(stringJson),
    status: u8Json,
    created_at: u64Json,
    updated_at: u64Json,
  })
  .transform((v) => ({
    id: v.id,
    name: v.name,
    description: v.description,
    assignee: v.assignee,
    requester: v.requester,
    processId: v.process_id,
    dependencies: v.dependencies,
    status: v.status,
    createdAt: v.created_at,
    updatedAt: v.updated_at,
  }));

export type LedgerTask = z.output<typeof taskJson>;
