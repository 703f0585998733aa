import {
  ABORT_CODES,
  type ABORTS_BY_MODULE,
  type AbortName,
  abortCode,
  EVENTS,
  type EventName,
  type ModuleName,
} from "#shared/contract";
import { fieldsToJson, hexLiteral } from "./move-values.js";
import { type ExecutionContext, MoveAbort } from "./types.js";

/** An abort name that the given Move module declares (ABORTS_BY_MODULE), so locations match. */
export type ModuleAbort<M extends ModuleName> = (typeof ABORTS_BY_MODULE)[M][number];

/**
 * Aborts as `error::<category>(ENAME)` inside `module` would: the location is the module id as
 * vm_status prints it (`0x<trimmed address>::<module>`).
 */
export function abort<M extends ModuleName>(
  ctx: ExecutionContext,
  module: M,
  name: ModuleAbort<M>,
): never {
  const abortName: AbortName = name;
  throw new MoveAbort(
    `${hexLiteral(ctx.moduleAddress)}::${module}`,
    abortCode(abortName),
    abortName,
    ABORT_CODES[abortName].message,
  );
}

/** `assert!(condition, error::<category>(ENAME))` in `module`. */
export function ensure<M extends ModuleName>(
  ctx: ExecutionContext,
  module: M,
  condition: boolean,
  name: ModuleAbort<M>,
): void {
  if (!condition) abort(ctx, module, name);
}

/** `event::emit(Event { ... })`, rendered in REST JSON with the table's field order. */
export function emitEvent(ctx: ExecutionContext, name: EventName, value: object): void {
  const spec = EVENTS[name];
  ctx.emit({ module: spec.module, name, data: fieldsToJson(spec.fields, value) });
}

/** Returns the value, or aborts with the module's not_found code when there is none. */
export function present<M extends ModuleName, T>(
  ctx: ExecutionContext,
  module: M,
  value: T | undefined,
  name: ModuleAbort<M>,
): T {
  if (value === undefined) abort(ctx, module, name);
  return value;
}
