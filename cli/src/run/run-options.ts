import { readFileSync } from "node:fs";
import { addressSchema } from "#shared/schemas/address";
import { amountSchema } from "#shared/schemas/amount";
import { jsonObjectSchema } from "#shared/schemas/common";
import { paymentTaskIdSchema, processIdSchema, workflowIdSchema } from "#shared/schemas/ids";
import { prioritySchema } from "#shared/schemas/priority";
import { usageError } from "../errors/cli-error.js";
import { gatewayBaseUrl } from "../runtime/gateway-client.js";
import { generateTaskId } from "../runtime/task-id.js";
import { readJsonArgument } from "../validate/json-input.js";
import {
  parseIntegerOption,
  parseOption,
  parseOptionalOption,
  requireValue,
} from "../validate/options.js";

/** The values of `run`'s own options, as citty parses them. */
export interface RunArgValues {
  id?: string | undefined;
  data?: string | undefined;
  workflow?: string | undefined;
  task?: string | undefined;
  priority?: string | undefined;
  pay?: boolean | undefined;
  amount?: string | undefined;
  user?: string | undefined;
  gateway?: string | undefined;
}

/** What `run` was asked to do, checked before anything is read, signed or sent. */
export interface RunOptions {
  processId: string;
  data: Record<string, unknown>;
  workflowId: string | undefined;
  priority: number | undefined;
  /** Set with --pay: the amount to pay before the run. */
  amount: bigint | undefined;
  /** The payment the run uses: --task, or with --pay a generated one when none was given. */
  taskId: string | undefined;
  /** --user: run as this address without a key. */
  user: string | undefined;
  gateway: URL;
}

/** `-d/--data`: a JSON object inline or in a file (default {}); `run` and `a2a send` take it. */
export function parseRunData(value: string | undefined): Record<string, unknown> {
  if (value === undefined) return {};
  return parseOption(
    "data",
    jsonObjectSchema,
    readJsonArgument({
      option: "data",
      value,
      readText: (path) => readFileSync(path, "utf8"),
      allowInline: true,
    }),
  );
}

export function parseRunOptions(args: RunArgValues): RunOptions {
  const processId = parseOption("id", processIdSchema, requireValue("id", args.id));
  const data = parseRunData(args.data);
  const workflowId = parseOptionalOption("workflow", workflowIdSchema, args.workflow);
  const priority =
    args.priority === undefined
      ? undefined
      : parseIntegerOption("priority", prioritySchema, args.priority);
  if (args.amount !== undefined && !args.pay) throw usageError("--amount is only used with --pay");
  if (args.pay && args.amount === undefined) throw usageError("--amount is required with --pay");
  const amount = args.pay
    ? parseOption("amount", amountSchema, requireValue("amount", args.amount))
    : undefined;
  const givenTask = parseOptionalOption("task", paymentTaskIdSchema, args.task);
  const taskId = args.pay ? (givenTask ?? generateTaskId()) : givenTask;
  const user = parseOptionalOption("user", addressSchema, args.user);
  const gateway = gatewayBaseUrl(args.gateway);
  return { processId, data, workflowId, priority, amount, taskId, user, gateway };
}
