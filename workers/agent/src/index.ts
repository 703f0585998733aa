/** The authoring API: what an agent's own Worker entry imports. */
export { abortableSleep } from "./authoring/abortable-sleep.js";
export type { AgentLog } from "./authoring/agent-log.js";
export { createAgentWorker } from "./authoring/create-agent-worker.js";
export type { AgentContext, AgentDefinition, AgentResult } from "./authoring/define-agent.js";
export { defineAgent } from "./authoring/define-agent.js";
export type { ProgressUpdate } from "./authoring/run-events.js";
/** What one partial() may hold, and how many a run sends (docs/agent.md, "Streaming"). */
export { MAX_PARTIAL_BYTES, MAX_PARTIALS } from "./authoring/run-events.js";
export { AgentDurableObject } from "./durable/agent-durable-object.js";
/** The largest result a handler may return, as JSON in UTF-8 bytes; larger ones fail the run. */
export { MAX_RESULT_BYTES } from "./execution/run-handler.js";
