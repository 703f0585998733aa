import type { AgentExecuteResponse } from "#shared/schemas/agent";
import type { AgentStreamEvent } from "#shared/schemas/agent-events";

/**
 * The counting agent's streamed /execute answer (docs/agent.md, "Streaming"), scripted by the
 * test: `started`, then each of `steps` (log, progress, partial events) `stepMs` apart, then the
 * `answer` carrying the JSON body the agent would have answered. The run is counted before.
 */
export function streamedAnswer(args: {
  steps: readonly AgentStreamEvent[];
  stepMs: number;
  answer: () => AgentExecuteResponse;
}): Response {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  const send = (event: AgentStreamEvent) =>
    writer.write(encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`));
  const pump = async () => {
    await send({ type: "started" });
    for (const step of args.steps) {
      await new Promise((done) => setTimeout(done, args.stepMs));
      await send(step);
    }
    await send({ type: "answer", answer: args.answer() });
    await writer.close();
  };
  pump().catch(() => writer.abort().catch(() => undefined));
  return new Response(readable, { headers: { "content-type": "text/event-stream" } });
}
