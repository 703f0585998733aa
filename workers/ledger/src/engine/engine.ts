import { type EntryFunctionName, FUNCTIONS, LIMITS, type ViewFunctionName } from "#shared/contract";
import { Args } from "./args.js";
import type { EntryHandler, ViewHandler } from "./handlers.js";
import { longAddress, toJson } from "./move-values.js";
import * as payment from "./payment.js";
import { PAYMENT_VIEWS } from "./payment-views.js";
import * as registry from "./registry.js";
import { REGISTRY_VIEWS } from "./registry-views.js";
import { createPackageTables, readSetting, writeSetting } from "./schema.js";
import type { ExecutionContext, JsonValue, MoveArg, PackageEngine } from "./types.js";
import * as workflow from "./workflow.js";
import { WORKFLOW_VIEWS } from "./workflow-views.js";

const ENTRIES: Record<EntryFunctionName, EntryHandler> = {
  register_process: registry.registerProcess,
  update_process: registry.updateProcess,
  deregister_process: registry.deregisterProcess,
  initialize: payment.initialize,
  make_payment: payment.makePayment,
  release_payment: payment.releasePayment,
  request_refund: payment.requestRefund,
  cancel_payment: payment.cancelPayment,
  settle_payment: payment.settlePayment,
  report_outcome: payment.reportOutcome,
  claim_run: payment.claimRun,
  set_refund_window: payment.setRefundWindow,
  create_workflow: workflow.createWorkflow,
  add_task: workflow.addTask,
  update_task_status: workflow.updateTaskStatus,
  cancel_workflow: workflow.cancelWorkflow,
  approve_task_and_release_payment: workflow.approveTaskAndReleasePayment,
  approve_task: workflow.approveTask,
};

const VIEWS: Record<ViewFunctionName, ViewHandler> = {
  ...REGISTRY_VIEWS,
  ...PAYMENT_VIEWS,
  ...WORKFLOW_VIEWS,
};

/** The package `agent_platform`, executed natively over the Durable Object's SQLite. */
export class NativePackageEngine implements PackageEngine {
  init(ctx: ExecutionContext): void {
    createPackageTables(ctx.sql);
    if (readSetting(ctx.sql, "refund_window") !== undefined) return;
    // init_module: the stores and the default refund window. The vault object's address is
    // derived from the publisher (vault.ts); it holds nothing until the first payment.
    writeSetting(ctx.sql, "refund_window", BigInt(LIMITS.DEFAULT_REFUND_WINDOW_SECS));
    writeSetting(ctx.sql, "last_process_number", 0n);
    writeSetting(ctx.sql, "registry_revision", 0n);
  }

  execute(ctx: ExecutionContext, sender: string, fn: EntryFunctionName, args: MoveArg[]): void {
    if (!(fn in ENTRIES)) throw new Error(`not an entry function of the package: ${fn}`);
    ENTRIES[fn](ctx, longAddress(sender), new Args(fn, args));
  }

  view(ctx: ExecutionContext, fn: ViewFunctionName, args: MoveArg[]): JsonValue[] {
    if (!(fn in VIEWS)) throw new Error(`not a view function of the package: ${fn}`);
    const values = VIEWS[fn](ctx, new Args(fn, args));
    const returns: readonly string[] = FUNCTIONS[fn].returns;
    if (values.length !== returns.length) throw new Error(`${fn} returned ${values.length} values`);
    return returns.map((type, i) => toJson(type, values[i]));
  }
}
