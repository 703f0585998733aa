import { readFileSync } from "node:fs";
import { Account } from "@aptos-labs/ts-sdk";
import { defineCommand } from "citty";
import { signCallerProof } from "#shared/auth/caller-proof";
import { addressSchema } from "#shared/schemas/address";
import { amountSchema } from "#shared/schemas/amount";
import { jsonObjectSchema } from "#shared/schemas/common";
import {
  executeFailureResponseSchema,
  executeSuccessResponseSchema,
} from "#shared/schemas/gateway";
import { paymentTaskIdSchema, processIdSchema, workflowIdSchema } from "#shared/schemas/ids";
import { prioritySchema } from "#shared/schemas/priority";
import { signArgs } from "../args/common-args.js";
import { gatewayArgs } from "../args/gateway-args.js";
import { CliError, usageError } from "../errors/cli-error.js";
import { formatApt, formatKeyValues } from "../output/format.js";
import { createOutput } from "../output/output.js";
import { fetchLogs } from "../runtime/fetch-logs.js";
import {
  gatewayBaseUrl,
  gatewayError,
  gatewayRequest,
  gatewayUrl,
} from "../runtime/gateway-client.js";
import { openSession } from "../runtime/session.js";
import { settingsFromArgs } from "../runtime/settings.js";
import { privateKeyFromSetting } from "../runtime/signer.js";
import { generateTaskId } from "../runtime/task-id.js";
import { readJsonArgument } from "../validate/json-input.js";
import {
  parseIntegerOption,
  parseOption,
  parseOptionalOption,
  requireValue,
} from "../validate/options.js";

export default defineCommand({
  meta: { name: "run", description: "Run a process through the gateway, optionally paying first" },
  args: {
    id: { type: "string", alias: "i", required: true, valueHint: "id", description: "Process id" },
    data: {
      type: "string",
      alias: "d",
      valueHint: "json|path",
      description: "Input data: a JSON object, or a path to a JSON file (default {})",
    },
    workflow: { type: "string", alias: "w", valueHint: "id", description: "Workflow id" },
    task: {
      type: "string",
      alias: "t",
      valueHint: "id",
      description: "Task id: the payment this run uses (with --pay: the new payment's task id)",
    },
    priority: { type: "string", valueHint: "0-3", description: "Priority, 0 to 3" },
    pay: { type: "boolean", description: "Pay --amount into escrow first and run on that payment" },
    amount: {
      type: "string",
      valueHint: "octas",
      description: "Amount to pay in octas (required with --pay)",
    },
    user: {
      type: "string",
      alias: "u",
      valueHint: "address",
      description: "Run as this address without a key (free processes only)",
    },
    ...gatewayArgs,
    ...signArgs,
  },
  async run({ args }) {
    const processId = parseOption("id", processIdSchema, requireValue("id", args.id));
    const data =
      args.data === undefined
        ? {}
        : parseOption(
            "data",
            jsonObjectSchema,
            readJsonArgument({
              option: "data",
              value: args.data,
              readText: (path) => readFileSync(path, "utf8"),
              allowInline: true,
            }),
          );
    const workflowId = parseOptionalOption("workflow", workflowIdSchema, args.workflow);
    const priority =
      args.priority === undefined
        ? undefined
        : parseIntegerOption("priority", prioritySchema, args.priority);
    if (args.amount !== undefined && !args.pay)
      throw usageError("--amount is only used with --pay");
    if (args.pay && args.amount === undefined) throw usageError("--amount is required with --pay");
    const amount = args.pay
      ? parseOption("amount", amountSchema, requireValue("amount", args.amount))
      : undefined;
    const givenTask = parseOptionalOption("task", paymentTaskIdSchema, args.task);
    const taskId = args.pay ? (givenTask ?? generateTaskId()) : givenTask;
    const user = parseOptionalOption("user", addressSchema, args.user);
    const gateway = gatewayBaseUrl(args.gateway);
    const out = createOutput({ json: args.json === true });

    const settings = settingsFromArgs(args);
    if (user !== undefined && settings.privateKey)
      throw usageError("give either --user or a private key, not both");
    if (user === undefined && !settings.privateKey) {
      throw usageError(
        "run needs a key (-p/--private-key, APTOS_PRIVATE_KEY, --profile) or, for a free process, --user",
      );
    }
    const privateKey = settings.privateKey ? privateKeyFromSetting(settings.privateKey) : undefined;
    const signer = privateKey ? Account.fromPrivateKey({ privateKey }) : undefined;
    const userAddress = signer ? signer.accountAddress.toStringLong() : (user as string);

    let payment:
      | { taskId: string; amount: string; transactionHash: string; explorerUrl?: string }
      | undefined;
    if (amount !== undefined && taskId !== undefined && signer) {
      const session = openSession(args);
      const hash = await session.submit("pay", (wait) =>
        session.client.makePayment(signer, { processId, taskId, amount }, wait),
      );
      payment = { taskId, amount: amount.toString(), ...session.transaction(hash) };
      out.note(`paid ${formatApt(amount)} for task ${taskId} (${hash})`);
    }

    const body = JSON.stringify({
      userAddress,
      data,
      ...(workflowId === undefined ? {} : { workflowId }),
      ...(taskId === undefined ? {} : { taskId }),
      ...(priority === undefined ? {} : { priority }),
    });
    const url = gatewayUrl(gateway, `/api/execute/${encodeURIComponent(processId)}`);
    // Signed whenever a key is at hand: a paid process requires it, a free one ignores it.
    const proof = privateKey
      ? await signCallerProof({
          privateKey,
          // The gateway checks the origin it is configured with (PUBLIC_ORIGIN): this URL's.
          origin: url.origin,
          method: "POST",
          path: `${url.pathname}${url.search}`,
          body,
        })
      : {};
    const spinner = out.spinner(`running ${processId}`);
    const response = await gatewayRequest({
      url,
      method: "POST",
      body,
      headers: { ...proof },
    }).finally(() => spinner.stop());

    const success = executeSuccessResponseSchema.safeParse(response.body);
    // The failure shape is only tried when the success shape does not fit.
    const failure = success.success
      ? undefined
      : executeFailureResponseSchema.safeParse(response.body);
    const answer = success.success ? success.data : failure?.success ? failure.data : undefined;
    if (!answer) throw gatewayError(response, `run ${processId}`);
    const logs = await fetchLogs({ gateway, processId, transactionId: answer.transactionId }).then(
      (l) => l.logs,
      (error: unknown) => {
        out.note(`logs unavailable: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      },
    );
    out.result(
      {
        ...answer,
        ...(taskId === undefined ? {} : { taskId }),
        ...(payment === undefined ? {} : { payment }),
        ...(logs === undefined ? {} : { logs }),
      },
      () =>
        formatKeyValues([
          ["process", processId],
          ["transaction", answer.transactionId],
          ["status", answer.status],
          ...(taskId === undefined ? [] : ([["task id", taskId]] as [string, string][])),
          ...(payment === undefined
            ? []
            : ([
                ["payment", `${formatApt(BigInt(payment.amount))} (${payment.transactionHash})`],
              ] as [string, string][])),
          answer.success
            ? ["result", JSON.stringify(answer.result, null, 2)]
            : ["error", answer.error],
          ["logs", logs === undefined ? "(unavailable)" : logs.length ? logs.join("\n") : "(none)"],
        ]),
    );
    if (!answer.success) {
      throw new CliError(
        "refused",
        `run ${processId} failed: ${answer.error} (transaction ${answer.transactionId})`,
      );
    }
  },
});
