/**
 * A test-only agent Worker (never deployed): it answers an agent's POST /execute (docs/agent.md)
 * like the echo agent (echoes `data`, fails when `data.fail` is set, waits `data.delayMs`), for ANY
 * process id, and counts every run per payment in a Durable Object before running it. Tests read
 * the counts over the same service binding (GET /runs, GET /transactions/:id), so "ran once" is
 * checked on the agent's side, not only from the gateway's answers.
 *
 * It serves any process id because the property and hole tests register fresh processes per run
 * (the test pool's devnode is shared by every gateway test file), and one real echo deployment
 * serves one fixed process id. It does not check the gateway's signature: the agent runtime's
 * own tests cover that (workers/agent/test/signature.test.ts); here only the gateway is tested.
 */
import { agentRequestSchema } from "#shared/schemas/agent";
import { type CountedRun, RunCounterObject } from "./run-counter-object.js";

export { RunCounterObject };

type CountingEnv = { RUN_COUNTER: DurableObjectNamespace<RunCounterObject> };

function counter(env: CountingEnv) {
  return env.RUN_COUNTER.getByName("runs");
}

function json(body: unknown, status = 200): Response {
  return Response.json(body, { status });
}

async function execute(request: Request, env: CountingEnv): Promise<Response> {
  const parsed = agentRequestSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) {
    return json({ success: false, error: "Invalid AgentRequest", executionTime: 0, logs: [] }, 400);
  }
  const { data, transactionId, processId } = parsed.data;
  const taskId = parsed.data.taskId ?? "";
  const fail = typeof data.fail === "string" ? data.fail : null;
  const run: CountedRun = { transactionId, processId, taskId, failed: fail !== null };
  await counter(env).record(run);
  const started = Date.now();
  const delayMs = typeof data.delayMs === "number" ? Math.min(data.delayMs, 10_000) : 0;
  if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
  const executionTime = Date.now() - started;
  if (fail !== null) return json({ success: false, error: fail, executionTime, logs: [] }, 400);
  return json({
    success: true,
    result: { echo: data, transactionId, taskId, runId: crypto.randomUUID() },
    executionTime,
    logs: [],
  });
}

export default {
  async fetch(request: Request, env: CountingEnv): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "POST" && url.pathname === "/execute") return execute(request, env);
    if (request.method === "GET" && url.pathname === "/runs") {
      const processId = url.searchParams.get("processId") ?? "";
      const taskId = url.searchParams.get("taskId") ?? "";
      return json({ transactionIds: await counter(env).runsOf({ processId, taskId }) });
    }
    const tx = /^\/transactions\/([^/]+)$/.exec(url.pathname);
    if (request.method === "GET" && tx?.[1] !== undefined) {
      return json({ run: await counter(env).transaction(decodeURIComponent(tx[1])) });
    }
    if (request.method === "GET" && url.pathname === "/health") {
      return json({ success: true, status: "ok" });
    }
    return json({ success: false, error: "Route not found" }, 404);
  },
} satisfies ExportedHandler<CountingEnv>;
