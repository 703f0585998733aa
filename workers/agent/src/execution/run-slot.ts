import type { AgentDurableObject } from "../durable/agent-durable-object.js";
import type { SlotWait } from "../durable/run-queue.js";

/**
 * Waits in the agent's queue for a run's slot (docs/agent.md, "Streaming"). When the caller leaves
 * first (`signal`), the Durable Object is told at once, so the place in line goes to the next run
 * and the id is given back; `keepAlive` lets that call outlive the request the caller abandoned.
 * A slot granted just as the caller left is given back the same way: the handler never starts.
 */
export async function waitForSlot(args: {
  store: DurableObjectStub<AgentDurableObject>;
  transactionId: string;
  signal: AbortSignal;
  keepAlive: (promise: Promise<unknown>) => void;
}): Promise<SlotWait> {
  const { store, transactionId, signal } = args;
  const leave = () => args.keepAlive(store.abandon({ transactionId }));
  if (signal.aborted) {
    await store.abandon({ transactionId });
    return "left";
  }
  signal.addEventListener("abort", leave, { once: true });
  try {
    const waited = await store.awaitSlot({ transactionId });
    if (waited === "started" && signal.aborted) {
      await store.abandon({ transactionId });
      return "left";
    }
    return waited;
  } finally {
    signal.removeEventListener("abort", leave);
  }
}
