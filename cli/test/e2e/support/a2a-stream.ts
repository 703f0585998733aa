/** A2A streams as the e2e files read them (docs/gateway.md, "A2A", "Blocking"). */
import { type StreamResponse, TaskState } from "@a2a-js/sdk";

/**
 * What a stream event is: `task`, a state's name, `progress` or `log` (the gateway's `working`
 * updates that carry them), or `artifact <id>`; a stream's order then reads as a list.
 */
export function streamEventName(event: StreamResponse): string {
  const { payload } = event;
  if (payload?.$case === "task") return "task";
  if (payload?.$case === "artifactUpdate") return `artifact ${payload.value.artifact?.artifactId}`;
  if (payload?.$case !== "statusUpdate") return String(payload?.$case);
  const { status } = payload.value;
  const metadata = status?.message?.metadata ?? {};
  if ("agentgate/progress" in metadata) return "progress";
  if ("agentgate/log" in metadata) return "log";
  return TaskState[status?.state ?? TaskState.TASK_STATE_UNSPECIFIED];
}

/** Every event of a stream, until it ends. */
export async function streamed(stream: AsyncIterable<StreamResponse>): Promise<StreamResponse[]> {
  const events: StreamResponse[] = [];
  for await (const event of stream) events.push(event);
  return events;
}
