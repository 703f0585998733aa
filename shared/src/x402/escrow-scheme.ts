import { parsePaymentPayload } from "@x402/core/schemas";
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from "@x402/core/types";
import { z } from "zod";
import { FUNCTIONS } from "../contract/functions.js";
import { normalizeAddress } from "../schemas/address-format.js";
import { amountStringSchema } from "../schemas/amount.js";
import { signedTransactionHexSchema } from "../schemas/gateway.js";
import { paymentTaskIdSchema, processIdSchema } from "../schemas/ids.js";
import { X402_VERSION } from "./transport.js";

/**
 * The `escrow` scheme on Aptos (docs/x402.md): the payer signs `<module>::payment::make_payment`
 * for one process and a task id of its choosing; the funds wait in the package's escrow until the
 * run's outcome releases them to the owner or lets the payer refund them. Unlike x402's `exact`,
 * the payment is not a transfer to `payTo`: `payTo` names the package that holds the escrow.
 */
export const ESCROW_SCHEME = "escrow";

/** The one asset the escrow holds: the ledger's native coin, in octas. */
export const APT_ASSET = "0x1::aptos_coin::AptosCoin";

/** CAIP-2 style network id of an Aptos chain, as x402 names networks: `aptos:<chain id>`. */
export function aptosNetwork(chainId: number): `aptos:${number}` {
  return `aptos:${chainId}`;
}

/** What `accepts[i].extra` carries in the escrow scheme (docs/x402.md, "Requirements"). */
export const escrowRequirementExtraSchema = z.object({
  /** `<module address>::payment::make_payment`: the only function a payment may call. */
  function: z.string().min(1),
  processId: processIdSchema,
  /** A fresh task id the client may use; a payment may name its own instead. */
  taskId: paymentTaskIdSchema,
  /** The make_payment to sign (hex BCS RawTransaction) for `payer`, when the server built one. */
  unsignedTransaction: z
    .string()
    .regex(/^0x(?:[0-9a-f]{2})+$/)
    .optional(),
  /** Its sender: the address the server built it for. */
  payer: z.string().optional(),
  /** When it expires (ISO 8601); a transaction signed after that is refused by the ledger. */
  unsignedTransactionExpiresAt: z.string().optional(),
});
export type EscrowRequirementExtra = z.infer<typeof escrowRequirementExtraSchema>;

/** What `payload` carries in the escrow scheme: the signed make_payment, hex BCS SignedTransaction. */
export const escrowPayloadSchema = z.object({ signedTransaction: signedTransactionHexSchema });
export type EscrowPayload = z.infer<typeof escrowPayloadSchema>;

const MAKE_PAYMENT = FUNCTIONS.make_payment;

/** `<module>::payment::make_payment`: what `extra.function` names, the one call a payment may be. */
export function makePaymentFunction(moduleAddress: string): string {
  return `${normalizeAddress(moduleAddress)}::${MAKE_PAYMENT.module}::${MAKE_PAYMENT.name}`;
}

/**
 * One `escrow` requirement: a payment for this process of at least `amount` on this chain
 * (docs/x402.md, "Requirements"). The gateway's 402 offers it with the optional extra fields (the
 * transaction it built); a client that builds its own make_payment accepts it without them.
 */
export function escrowRequirement(args: {
  chainId: number;
  moduleAddress: string;
  processId: string;
  taskId: string;
  amount: bigint;
  maxTimeoutSeconds: number;
  extra?: Partial<EscrowRequirementExtra>;
}): PaymentRequirements {
  const moduleAddress = normalizeAddress(args.moduleAddress);
  return {
    scheme: ESCROW_SCHEME,
    network: aptosNetwork(args.chainId),
    amount: amountStringSchema.parse(args.amount.toString(10)),
    asset: APT_ASSET,
    payTo: moduleAddress,
    maxTimeoutSeconds: args.maxTimeoutSeconds,
    extra: escrowRequirementExtraSchema.parse({
      ...args.extra,
      function: makePaymentFunction(moduleAddress),
      processId: args.processId,
      taskId: args.taskId,
    }),
  };
}

/**
 * The PaymentRequired of one process: one `escrow` requirement on this chain, for at least the
 * process's current price.
 */
export function escrowPaymentRequired(args: {
  error: string;
  resourceUrl: string;
  description: string;
  chainId: number;
  moduleAddress: string;
  amount: bigint;
  maxTimeoutSeconds: number;
  extra: Omit<EscrowRequirementExtra, "function">;
}): PaymentRequired {
  const requirement = escrowRequirement({
    chainId: args.chainId,
    moduleAddress: args.moduleAddress,
    processId: args.extra.processId,
    taskId: args.extra.taskId,
    amount: args.amount,
    maxTimeoutSeconds: args.maxTimeoutSeconds,
    extra: args.extra,
  });
  return {
    x402Version: X402_VERSION,
    error: args.error,
    resource: {
      url: args.resourceUrl,
      description: args.description,
      mimeType: "application/json",
    },
    accepts: [requirement],
  };
}

export type EscrowPaymentParse =
  | { ok: true; payment: PaymentPayload; signedTransaction: string }
  | { ok: false; reason: EscrowPaymentRefusal; message: string };

/**
 * Why a payment is not an escrow payment on this chain: another network's (a2a-x402's
 * NETWORK_MISMATCH), or anything else unreadable (docs/gateway.md, "Payment (a2a-x402 v0.2)").
 */
export type EscrowPaymentRefusal = "wrong_network" | "malformed";

/**
 * Reads a PaymentPayload (already decoded from its transport) as an escrow payment on this chain.
 * Only the envelope is checked here; what the signed transaction does is the server's check
 * against the ledger (docs/x402.md, "What the server checks").
 */
export function parseEscrowPayment(value: unknown, chainId: number): EscrowPaymentParse {
  const parsed = parsePaymentPayload(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue && issue.path.length > 0 ? `.${issue.path.join(".")}` : "";
    return {
      ok: false,
      reason: "malformed",
      message: `payment${at}: ${issue?.message ?? "not an x402 PaymentPayload"}`,
    };
  }
  const payment = parsed.data as PaymentPayload;
  if (payment.x402Version !== X402_VERSION) {
    return {
      ok: false,
      reason: "malformed",
      message: `payment.x402Version: must be ${X402_VERSION}`,
    };
  }
  if (payment.accepted.scheme !== ESCROW_SCHEME) {
    return {
      ok: false,
      reason: "malformed",
      message: `payment.accepted.scheme: must be "${ESCROW_SCHEME}"`,
    };
  }
  const network = aptosNetwork(chainId);
  if (payment.accepted.network !== network) {
    return {
      ok: false,
      reason: "wrong_network",
      message: `payment.accepted.network: ${payment.accepted.network} is not this ledger (${network})`,
    };
  }
  const payload = escrowPayloadSchema.safeParse(payment.payload);
  if (!payload.success) {
    return {
      ok: false,
      reason: "malformed",
      message: `payment.payload.signedTransaction: ${payload.error.issues[0]?.message ?? "required"}`,
    };
  }
  return { ok: true, payment, signedTransaction: payload.data.signedTransaction.toLowerCase() };
}
