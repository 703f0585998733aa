import { readFileSync } from "node:fs";
import { z } from "zod";
import { CURRENCY, LIMITS, SERVICE_URL_SCHEMES } from "#shared/contract/limits";
import { addressSchema } from "#shared/schemas/address";
import { amountStringSchema } from "#shared/schemas/amount";
import { processIdSchema, utf8Length, workflowIdSchema } from "#shared/schemas/ids";
import {
  descriptionSchema,
  processNameSchema,
  processStatusSchema,
  tagSchema,
} from "#shared/schemas/process";
import type { ProcessArgValues } from "../args/process-args.js";
import { usageError } from "../errors/cli-error.js";
import { readJsonArgument } from "./json-input.js";
import { parseBooleanOption, parseOption, splitList } from "./options.js";

export const serviceUrlSchema = z
  .string()
  .refine((url) => SERVICE_URL_SCHEMES.some((scheme) => url.startsWith(scheme)), {
    message: `must start with ${SERVICE_URL_SCHEMES.join(", ")}`,
    abort: true,
  })
  .refine((url) => utf8Length(url) <= LIMITS.MAX_SERVICE_URL_BYTES, {
    message: `must be at most ${LIMITS.MAX_SERVICE_URL_BYTES} bytes`,
  });

const currencySchema = z.literal(CURRENCY, {
  message: `only ${CURRENCY} is accepted by the agent_platform package`,
});

/** One process field set as the user gave it; absent keys were not given. */
export interface ProcessInput {
  id?: string;
  name?: string;
  description?: string;
  serviceUrl?: string;
  tags?: string[];
  status?: z.output<typeof processStatusSchema>;
  agents?: string[];
  workflows?: string[];
  taskPrice?: bigint;
  currency?: string;
  paymentAddress?: string;
  requiresPrepayment?: boolean;
}

const list = <S extends z.ZodType>(item: S, max: number) => z.array(item).max(max);

/**
 * The `-c/--config` file: the options' names in camelCase, or the Process shape with a `pricing`
 * object (README.md, "register"). Strict, so a misspelt key is an error rather than silently
 * ignored.
 */
const configFileSchema = z
  .strictObject({
    id: processIdSchema.optional(),
    name: processNameSchema.optional(),
    description: descriptionSchema.optional(),
    url: serviceUrlSchema.optional(),
    serviceUrl: serviceUrlSchema.optional(),
    tags: list(tagSchema, LIMITS.MAX_TAGS).optional(),
    status: processStatusSchema.optional(),
    agents: list(addressSchema, LIMITS.MAX_AGENTS).optional(),
    workflows: list(workflowIdSchema, LIMITS.MAX_WORKFLOWS).optional(),
    taskPrice: amountStringSchema.optional(),
    currency: currencySchema.optional(),
    paymentAddress: addressSchema.optional(),
    requiresPrepayment: z.boolean().optional(),
    pricing: z
      .strictObject({
        taskPrice: amountStringSchema.optional(),
        currency: currencySchema.optional(),
        requiresPrepayment: z.boolean().optional(),
      })
      .optional(),
  })
  .refine((c) => !(c.url !== undefined && c.serviceUrl !== undefined), {
    message: "give url or serviceUrl, not both",
  });

function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function fromConfigFile(path: string): ProcessInput {
  const raw = readJsonArgument({
    option: "config",
    value: path,
    readText: (file) => readFileSync(file, "utf8"),
    allowInline: false,
  });
  const parsed = configFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join(".") : "file";
    throw usageError(`--config ${path}: ${where}: ${issue?.message ?? "invalid"}`);
  }
  const c = parsed.data;
  return defined({
    id: c.id,
    name: c.name,
    description: c.description,
    serviceUrl: c.serviceUrl ?? c.url,
    tags: c.tags,
    status: c.status,
    agents: c.agents,
    workflows: c.workflows,
    taskPrice:
      (c.pricing?.taskPrice ?? c.taskPrice) === undefined
        ? undefined
        : BigInt(c.pricing?.taskPrice ?? c.taskPrice ?? "0"),
    currency: c.pricing?.currency ?? c.currency,
    paymentAddress: c.paymentAddress,
    requiresPrepayment: c.pricing?.requiresPrepayment ?? c.requiresPrepayment,
  });
}

function listOption<S extends z.ZodType>(option: string, item: S, max: number, value: string) {
  const items = splitList(value).map((entry) => parseOption(option, item, entry));
  if (items.length > max) throw usageError(`--${option}: at most ${max} entries`);
  return items as z.output<S>[];
}

function fromOptions(args: ProcessArgValues): ProcessInput {
  const has = (v: string | undefined): v is string => v !== undefined;
  return defined({
    name: has(args.name) ? parseOption("name", processNameSchema, args.name) : undefined,
    description: has(args.description)
      ? parseOption("description", descriptionSchema, args.description)
      : undefined,
    serviceUrl: has(args.url) ? parseOption("url", serviceUrlSchema, args.url) : undefined,
    tags: has(args.tags) ? listOption("tags", tagSchema, LIMITS.MAX_TAGS, args.tags) : undefined,
    status: has(args.status) ? parseOption("status", processStatusSchema, args.status) : undefined,
    agents: has(args.agents)
      ? listOption("agents", addressSchema, LIMITS.MAX_AGENTS, args.agents)
      : undefined,
    workflows: has(args.workflows)
      ? listOption("workflows", workflowIdSchema, LIMITS.MAX_WORKFLOWS, args.workflows)
      : undefined,
    taskPrice: has(args["task-price"])
      ? BigInt(parseOption("task-price", amountStringSchema, args["task-price"]))
      : undefined,
    currency: has(args.currency)
      ? parseOption("currency", currencySchema, args.currency)
      : undefined,
    paymentAddress: has(args["payment-address"])
      ? parseOption("payment-address", addressSchema, args["payment-address"])
      : undefined,
    requiresPrepayment: has(args["requires-prepayment"])
      ? parseBooleanOption("requires-prepayment", args["requires-prepayment"])
      : undefined,
  });
}

/**
 * Options first, then the `-c` file on top: its values override the options (README.md,
 * "register").
 */
export function processInputFromArgs(args: ProcessArgValues): ProcessInput {
  const options = fromOptions(args);
  if (args.config === undefined) return options;
  return { ...options, ...fromConfigFile(args.config) };
}
