import { addressSchema } from "#shared/schemas/address";
import { paymentTaskIdSchema, processIdSchema } from "#shared/schemas/ids";
import { usageError } from "../errors/cli-error.js";
import { parseOption, requireValue } from "./options.js";

export interface PaymentTaskValues {
  id?: string | undefined;
  task?: string | undefined;
  payer?: string | undefined;
}

export function parsePaymentTask(args: PaymentTaskValues): { processId: string; taskId: string } {
  return {
    processId: parseOption("id", processIdSchema, requireValue("id", args.id)),
    taskId: parseOption("task", paymentTaskIdSchema, requireValue("task", args.task)),
  };
}

/** `-u/--payer`, else the signer's address, else a usage error naming both ways. */
export function parsePayer(
  value: string | undefined,
  signerAddress: (() => string) | undefined,
): string {
  if (value !== undefined) return parseOption("payer", addressSchema, requireValue("payer", value));
  if (signerAddress) return signerAddress();
  throw usageError("give the payer with -u/--payer, or a key with -p/--private-key");
}
