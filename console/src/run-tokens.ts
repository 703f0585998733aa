import { isRecord } from "./guards.js";

/**
 * Run tokens the console was given (docs/gateway.md, "Who may read a run"), kept in this tab's
 * session storage only: shown once by the gateway, needed to watch the run, never put in a URL.
 */
const PREFIX = "agentgate.run.";

export type KeptRun = { token: string; eventsUrl: string };

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
    return typeof token === "string" && typeof eventsUrl === "string" ? { token, eventsUrl } : null;
  } catch {
    return null;
  }
}
