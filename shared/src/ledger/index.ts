export { normalizeAddress } from "../schemas/address-format.js";
export { entryFunctionAbi, functionId, viewFunctionAbi } from "./abi.js";
export { abortMessage, parseMoveAbort } from "./abort-parse.js";
export type { DecodedArg } from "./bcs-args.js";
export { createLedgerClient, type LedgerClient } from "./client.js";
export type { CreateLedgerClientArgs } from "./core.js";
export {
  type AbortInfo,
  isLedgerError,
  LedgerError,
  type LedgerErrorKind,
} from "./errors.js";
export { findEvents } from "./events.js";
export type { U64Input } from "./integers.js";
export {
  customNetwork,
  explorerAccountUrl,
  explorerTransactionUrl,
  isNetworkName,
  NETWORK_NAMES,
  NETWORK_PRESETS,
  type NetworkConfig,
  type NetworkName,
  resolveNetwork,
} from "./networks.js";
export type { PaymentKey, PaymentRequestInput, PaymentTaskInput } from "./payment.js";
export type {
  GatewayContext,
  LedgerPayment,
  LedgerPaymentRecord,
  LedgerPricing,
  LedgerProcess,
  LedgerTask,
  LedgerWorkflow,
  OpenPayment,
} from "./records.js";
export {
  type PageArgs,
  type ProcessFields,
  processFieldsOf,
  type RegisterProcessArgs,
  type UpdateProcessArgs,
} from "./registry.js";
export {
  type DecodedSignedTransaction,
  decodeSignedTransaction,
  signTransactionHex,
} from "./signed-transactions.js";
export { isoFromLedgerSeconds, toSpecProcess } from "./spec-process.js";
export type {
  LedgerEvent,
  LedgerSigner,
  SubmitOptions,
  TxProgress,
  TxReceipt,
  WaitOptions,
} from "./transactions.js";
export { type FetchLike, fetchClient } from "./transport.js";
export { PAYMENT_SETTLE_MARGIN_SECONDS, usableOpenPayments } from "./usable-payments.js";
export { isAbort } from "./view-results.js";
export type { AddTaskArgs, TaskStatusName } from "./workflow.js";
