import { z } from "zod";
import { agentExecuteResponseSchema } from "./agent.js";
import { jsonObjectSchema } from "./common.js";
import { runProgressSchema } from "./runs.js";

/** What a gateway sends in `Accept` to ask an agent's /execute for a stream (docs/agent.md, "Streaming"). */
export const AGENT_EVENT_STREAM_MEDIA_TYPE = "text/event-stream";

/**
 * One Server-Sent Event of an agent's streamed /execute answer (docs/agent.md, "Streaming"):
 * the SSE `event` field is `type`, its `data` the JSON of the rest. `answer` comes last and carries
 * exactly the JSON body /execute answers without streaming; everything before it is advisory.
 * `started`: the handler began (a run the agent holds in its queue has not started).
 */
export const agentStreamEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("queued") }),
  z.object({ type: z.literal("started") }),
  z.object({ type: z.literal("log"), line: z.string() }),
  z.object({ type: z.literal("progress"), progress: runProgressSchema }),
  z.object({ type: z.literal("partial"), data: jsonObjectSchema }),
  z.object({ type: z.literal("answer"), answer: agentExecuteResponseSchema }),
]);
export type AgentStreamEvent = z.infer<typeof agentStreamEventSchema>;
