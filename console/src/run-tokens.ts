import { isRecord } from "./guards.js";

/**
 * Run tokens the console was given (docs/gateway.md, "Who may read a run"), kept in this tab's
 * session storage only: shown once by the gateway, needed to watch the run, never put in a URL.
 */
const PREFIX = "agentgate.run.";

/** A paid run's receipt, as its page shows it: the payment's transaction and amount in octas. */
export type KeptPayment = { transaction: string; amount: string };

export type KeptRun = { token: string; eventsUrl: string; payment?: KeptPayment };

function keptPaymentOf(value: unknown): KeptPayment | undefined {
  if (!isRecord(value)) return undefined;
  const { transaction, amount } = value;
  return typeof transaction === "string" && typeof amount === "string"
    ? { transaction, amount }
    : undefined;
}

export function keepRun(transactionId: string, run: KeptRun): void {
  sessionStorage.setItem(PREFIX + transactionId, JSON.stringify(run));
}

export function keptRun(transactionId: string): KeptRun | null {
  const text = sessionStorage.getItem(PREFIX + transactionId);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value)) return null;
    const { token, eventsUrl } = value;
    if (typeof token !== "string" || typeof eventsUrl !== "string") return null;
    const payment = keptPaymentOf(value.payment);
    return payment === undefined ? { token, eventsUrl } : { token, eventsUrl, payment };
  } catch {
    return null;
  }
}
