import { PROCESS_STATUS } from "#shared/contract/status";
import { appError, fail, ok, type Result } from "#shared/errors/app-error";
import type { GatewayContext } from "#shared/ledger/records";

/** Whether a process can run or be paid for now (docs/gateway.md, "Execute"). */
export function checkProcessState(context: GatewayContext): Result<true> {
  if (!context.processExists) return fail(appError("process_not_found"));
  if (context.status === PROCESS_STATUS.active) return ok(true);
  return fail(
    appError(
      "process_inactive",
      context.status === PROCESS_STATUS.maintenance
        ? "Process is under maintenance"
        : "Process is inactive",
    ),
  );
}
