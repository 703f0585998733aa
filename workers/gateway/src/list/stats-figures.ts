import { z } from "zod";
import type { EventName } from "#shared/contract";
import { OUTCOME } from "#shared/contract/status";
import type { ModuleEvent } from "#shared/ledger/module-events";

/**
 * A process's figures from the ledger's payment events (docs/gateway.md, "Success rates and
 * earnings"). Amounts are u64 octas, so bigint throughout; floats never touch money.
 */
export type Figures = {
  runs: number;
  delivered: number;
  failed: number;
  released: bigint;
  refunded: bigint;
  inEscrow: bigint;
};

export const NO_FIGURES: Figures = {
  runs: 0,
  delivered: 0,
  failed: 0,
  released: 0n,
  refunded: 0n,
  inEscrow: 0n,
};

/** The events the figures are made of. */
export const STATS_EVENTS = [
  "PaymentMade",
  "OutcomeReported",
  "PaymentReleased",
  "PaymentRefunded",
  "PaymentCanceled",
  "PaymentSettled",
] as const satisfies readonly EventName[];

const u64 = z
  .string()
  .regex(/^\d{1,20}$/)
  .transform(BigInt);
const u8 = z.union([
  z.int().min(0).max(255),
  z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number),
]);
const paymentEvent = z.object({ process_id: z.string(), amount: u64 });
const outcomeEvent = z.object({ process_id: z.string(), outcome: u8 });
const settledEvent = paymentEvent.extend({ delivered: z.boolean() });

/** The process an event is about and the change it makes, or null for a row of another shape. */
export function figuresChange(
  event: Pick<ModuleEvent, "name" | "data">,
): { processId: string; apply: (figures: Figures) => Figures } | null {
  if (event.name === "OutcomeReported") {
    const parsed = outcomeEvent.safeParse(event.data);
    if (!parsed.success) return null;
    const { process_id: processId, outcome } = parsed.data;
    return {
      processId,
      apply: (f) =>
        outcome === OUTCOME.DELIVERED
          ? { ...f, delivered: f.delivered + 1 }
          : outcome === OUTCOME.FAILED
            ? { ...f, failed: f.failed + 1 }
            : f,
    };
  }
  if (event.name === "PaymentSettled") {
    const parsed = settledEvent.safeParse(event.data);
    if (!parsed.success) return null;
    const { process_id: processId, amount, delivered } = parsed.data;
    // A settle pays the receiver when the run was reported delivered, else the payer.
    return { processId, apply: (f) => (delivered ? toReceiver(f, amount) : toPayer(f, amount)) };
  }
  const parsed = paymentEvent.safeParse(event.data);
  if (!parsed.success) return null;
  const { process_id: processId, amount } = parsed.data;
  switch (event.name) {
    case "PaymentMade":
      return {
        processId,
        apply: (f) => ({ ...f, runs: f.runs + 1, inEscrow: f.inEscrow + amount }),
      };
    case "PaymentReleased":
      return { processId, apply: (f) => toReceiver(f, amount) };
    case "PaymentRefunded":
    case "PaymentCanceled":
      return { processId, apply: (f) => toPayer(f, amount) };
    default:
      return null;
  }
}

function toReceiver(f: Figures, amount: bigint): Figures {
  return { ...f, released: f.released + amount, inEscrow: f.inEscrow - amount };
}

function toPayer(f: Figures, amount: bigint): Figures {
  return { ...f, refunded: f.refunded + amount, inEscrow: f.inEscrow - amount };
}

/** delivered / (delivered + failed): outcomes are the ledger's facts; null before any. */
export function successRate(f: Pick<Figures, "delivered" | "failed">): number | null {
  const outcomes = f.delivered + f.failed;
  return outcomes === 0 ? null : f.delivered / outcomes;
}
