/**
 * Resolves after `ms`, or rejects with the signal's reason when it aborts first: a handler's
 * wait that honours its time limit (`AgentContext.signal`; docs/agent.md, "The handler").
 */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}
