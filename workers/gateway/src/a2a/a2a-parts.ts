import { type Message, type Part, Role } from "@a2a-js/sdk";

/** The media type of the data parts the gateway reads and writes (docs/gateway.md, "A2A"). */
export const JSON_MEDIA_TYPE = "application/json";

export function dataPart(value: unknown): Part {
  return {
    content: { $case: "data", value },
    metadata: undefined,
    filename: "",
    mediaType: JSON_MEDIA_TYPE,
  };
}

export function textPart(text: string): Part {
  return {
    content: { $case: "text", value: text },
    metadata: undefined,
    filename: "",
    mediaType: "",
  };
}

/** A message of the agent's on a task: a status's reason, a log line, progress, a payment offer. */
export function agentMessage(args: {
  taskId: string;
  parts: Part[];
  metadata?: Record<string, unknown>;
}): Message {
  return {
    messageId: crypto.randomUUID(),
    contextId: args.taskId,
    taskId: args.taskId,
    role: Role.ROLE_AGENT,
    parts: args.parts,
    metadata: args.metadata,
    extensions: [],
    referenceTaskIds: [],
  };
}
