import type { z } from "zod";
import type { AgentRequest } from "#shared/schemas/agent";
import { AGENT_EVENT_STREAM_MEDIA_TYPE } from "#shared/schemas/agent-events";
import type { AgentDefinition } from "../authoring/define-agent.js";
import type { AgentConfig } from "../config/agent-config.js";
import type { AgentDurableObject } from "../durable/agent-durable-object.js";
import type { Admission } from "../execution/admit-transaction.js";
import { executeTransaction } from "../execution/execute-transaction.js";
import { createEventStream, streamBudgetBytes } from "./event-stream.js";

/** Whether an Accept header asks for the event stream (a media range of it, not refused by q=0). */
export function wantsEventStream(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  return accept.split(",").some((range) => {
    const [type = "", ...params] = range.split(";").map((part) => part.trim().toLowerCase());
    const refused = params.some((param) => /^q=0(\.0{0,3})?$/.test(param.replace(/\s/g, "")));
    return type === AGENT_EVENT_STREAM_MEDIA_TYPE && !refused;
  });
}

/**
 * POST /execute's streamed answer, once admitted (docs/agent.md, "Streaming"): 200
 * text/event-stream at once, then the run's events and last `answer`; a replay sends the answer
 * alone. The run is kept alive past a caller that leaves once its handler started, so its outcome
 * is stored for a retry to fetch.
 */
export function streamExecute<Schema extends z.ZodType>(args: {
  agent: AgentDefinition<Schema>;
  config: AgentConfig;
  request: AgentRequest;
  store: DurableObjectStub<AgentDurableObject>;
  admission: Admission<z.output<Schema>>;
  callerSignal: AbortSignal;
  keepAlive: (promise: Promise<unknown>) => void;
}): Response {
  const { admission, config } = args;
  const stream = createEventStream({
    budgetBytes: streamBudgetBytes(config.log),
    heartbeatMs: config.runs.heartbeatMs,
  });
  const produce = async () => {
    if (admission.kind === "replay") return stream.end(admission.answer.body);
    try {
      const ended = await executeTransaction({
        ...args,
        run: admission.run,
        emit: stream.send,
        signal: AbortSignal.any([args.callerSignal, stream.signal]),
      });
      if (ended === null) stream.close();
      else stream.end(ended.answer.body, ended.droppedPartials);
    } catch (thrown) {
      // The run's storage failed: no answer can be vouched for; the reader sees a stream without one.
      console.error("agent: run failed:", thrown instanceof Error ? thrown.message : "non-Error");
      stream.close();
    }
  };
  args.keepAlive(produce());
  return new Response(stream.body, {
    status: 200,
    headers: {
      "content-type": `${AGENT_EVENT_STREAM_MEDIA_TYPE}; charset=utf-8`,
      "cache-control": "no-store",
    },
  });
}
