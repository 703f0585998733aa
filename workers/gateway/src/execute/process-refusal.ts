import { PROCESS_STATUS } from "#shared/contract/status";
import { type AppError, appError } from "#shared/errors/app-error";
import type { GatewayContext } from "#shared/ledger/records";

/** Why a process cannot run or be paid for now, or null (docs/gateway.md, "Execute"). */
export function processRefusal(context: GatewayContext): AppError | null {
  if (!context.processExists) return appError("process_not_found");
  if (context.status === PROCESS_STATUS.active) return null;
  return appError(
    "process_inactive",
    context.status === PROCESS_STATUS.maintenance
      ? "Process is under maintenance"
      : "Process is inactive",
  );
}
