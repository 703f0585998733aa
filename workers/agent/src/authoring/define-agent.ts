import type { z } from "zod";
import type { AgentRequest } from "#shared/schemas/agent";
import type { AgentLog } from "./agent-log.js";
import type { ProgressUpdate } from "./run-events.js";

/** What a handler gets: `input` is `request.data` after the agent's input schema parsed it. */
export type AgentContext<Input> = {
  input: Input;
  request: AgentRequest;
  log: AgentLog;
  /** Aborted when the time limit passes; pass it to fetch and check it in long loops. */
  signal: AbortSignal;
  /**
   * How far the run has come (docs/agent.md, "Streaming"): streamed to the gateway when it asked
   * for a stream. A value lower than the last one is ignored (progress never goes back); the
   * message is cut to 512 characters. Throws a TypeError for a negative or non-finite number.
   */
  progress: (update: ProgressUpdate) => void;
  /**
   * Partial output, a JSON object streamed as a `partial` event (docs/agent.md, "Streaming"). Each
   * is at most 64 KiB of JSON and a run emits at most 100 (later ones are dropped); throws a
   * TypeError for a value that is not a JSON object, or a larger one.
   */
  partial: (data: Record<string, unknown>) => void;
};

/**
 * A handler returns a JSON object: the `result` of the execute answer (docs/agent.md, "Answers").
 */
export type AgentResult = Record<string, unknown>;

export type AgentDefinition<Schema extends z.ZodType = z.ZodType> = {
  /** The default process id; the AGENT_PROCESS_ID var overrides it per deployment. */
  id: string;
  /** The default process name; AGENT_PROCESS_NAME overrides it. */
  name: string;
  /** What the agent does, for its agent card (docs/agent.md, "Agent card"); the name if unset. */
  description?: string;
  /** Workflows this agent serves besides "default"; AGENT_WORKFLOWS overrides them. */
  workflows?: readonly string[];
  /** The default time limit; AGENT_TIMEOUT_MS overrides it. */
  timeoutMs?: number;
  /**
   * How many runs may run at once; more wait in a queue (docs/agent.md, "Streaming").
   * AGENT_MAX_CONCURRENT_RUNS overrides it; unset: no queue.
   */
  maxConcurrentRuns?: number;
  /**
   * Schema of AgentRequest.data; a request that fails it gets a 400 naming the field. Served as
   * JSON Schema in /info and the agent card (docs/agent.md, "Input and output schemas").
   */
  input: Schema;
  /**
   * Schema of the handler's result, when the author gives one: served like `input`, and a result
   * that fails it fails the run.
   */
  output?: z.ZodType;
  handler: (context: AgentContext<z.output<Schema>>) => Promise<AgentResult>;
};

/** Identity function that lets TypeScript infer the handler's input type from the schema. */
export function defineAgent<Schema extends z.ZodType>(
  definition: AgentDefinition<Schema>,
): AgentDefinition<Schema> {
  return definition;
}
