import { CURRENCY } from "#shared/contract/limits";
import type { ProcessFields } from "#shared/ledger";
import { usageError } from "../errors/cli-error.js";
import type { ProcessInput } from "./process-input.js";

type Pricing = NonNullable<ProcessFields["pricing"]>;

function pricingOf(input: ProcessInput, current: Pricing | undefined): Pricing | undefined {
  const touched =
    input.taskPrice !== undefined ||
    input.currency !== undefined ||
    input.requiresPrepayment !== undefined;
  if (!touched) return current;
  const taskPrice = input.taskPrice ?? current?.taskPrice;
  if (taskPrice === undefined) {
    throw usageError(
      "--currency and --requires-prepayment need --task-price: the process has no price",
    );
  }
  return {
    taskPrice,
    currency: input.currency ?? current?.currency ?? CURRENCY,
    requiresPrepayment: input.requiresPrepayment ?? current?.requiresPrepayment ?? false,
  };
}

/** The fields of a new process; name and service URL are required, the rest has defaults. */
export function registerFields(input: ProcessInput): ProcessFields {
  if (input.name === undefined) throw usageError("--name is required (or name in --config)");
  if (input.serviceUrl === undefined) throw usageError("--url is required (or url in --config)");
  const pricing = pricingOf(input, undefined);
  return {
    name: input.name,
    description: input.description ?? "",
    serviceUrl: input.serviceUrl,
    ...(input.paymentAddress === undefined ? {} : { paymentAddress: input.paymentAddress }),
    agents: input.agents ?? [],
    workflows: input.workflows ?? [],
    tags: input.tags ?? [],
    status: input.status ?? "active",
    ...(pricing === undefined ? {} : { pricing }),
  };
}

/** Update replaces every field on the ledger, so the new values are merged into the current ones. */
export function mergeFields(current: ProcessFields, input: ProcessInput): ProcessFields {
  const { id: _id, taskPrice: _p, currency: _c, requiresPrepayment: _r, ...plain } = input;
  const pricing = pricingOf(input, current.pricing);
  const { pricing: _old, ...rest } = current;
  return { ...rest, ...plain, ...(pricing === undefined ? {} : { pricing }) };
}

/** True when the input changes nothing: update refuses to send an empty transaction. */
export function isEmptyInput(input: ProcessInput): boolean {
  return Object.keys(input).filter((key) => key !== "id").length === 0;
}
