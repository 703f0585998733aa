import type { EntryFunctionName } from "#shared/contract";

/**
 * Gas units charged per entry function: a fixed schedule, since there is no Move VM to meter.
 * Values are in the range a real Aptos node charges for comparable work (an APT transfer costs
 * about 10 units there). workers/ledger/README.md lists them.
 */
export const TRANSFER_GAS_UNITS = 10n;

export const PACKAGE_GAS_UNITS: Record<EntryFunctionName, bigint> = {
  register_process: 60n,
  update_process: 50n,
  deregister_process: 30n,
  initialize: 5n,
  make_payment: 40n,
  release_payment: 25n,
  request_refund: 25n,
  cancel_payment: 25n,
  settle_payment: 25n,
  report_outcome: 20n,
  claim_run: 20n,
  set_refund_window: 8n,
  create_workflow: 30n,
  add_task: 40n,
  update_task_status: 20n,
  cancel_workflow: 30n,
  approve_task_and_release_payment: 30n,
  approve_task: 20n,
};

/** The gas price the node advertises and the lowest it accepts (localnet's minimum). */
export const GAS_UNIT_PRICE = 100n;
/** The largest max_gas_amount accepted (the SDK's default is this bound). */
export const MAX_GAS_UNITS = 2_000_000n;
