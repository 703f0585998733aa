import { SELF } from "./checked-self.js";
import { GATEWAY } from "./ledger-fixtures.js";

export const a2aPath = (processId: string) => `/a2a/${processId}`;

/** A JSON-RPC request to a process's A2A URL (A2A 1.0 unless `version` says otherwise). */
export function a2aRpc(args: {
  processId: string;
  method: string;
  params: Record<string, unknown>;
  headers?: Record<string, string>;
  version?: string | null;
}): Promise<Response> {
  const version = args.version === undefined ? "1.0" : args.version;
  return SELF.fetch(`${GATEWAY}${a2aPath(args.processId)}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(version === null ? {} : { "a2a-version": version }),
      ...args.headers,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: args.method, params: args.params }),
  });
}

/** A 1.0 user message holding `data` as its one data part. */
export function dataMessage(data: Record<string, unknown>, metadata?: Record<string, unknown>) {
  return {
    messageId: crypto.randomUUID(),
    role: "ROLE_USER",
    parts: [{ data, mediaType: "application/json" }],
    ...(metadata === undefined ? {} : { metadata }),
  };
}

/** A 0.3 user message (the shape a 0.3 client's message/send carries) holding `data`. */
export function legacyDataMessage(data: Record<string, unknown>) {
  return {
    kind: "message",
    messageId: crypto.randomUUID(),
    role: "user",
    parts: [{ kind: "data", data }],
  };
}

/** The JSON bodies of a Server-Sent Events answer's `data:` lines, in order. */
export async function sseData(res: Response): Promise<unknown[]> {
  const text = await res.text();
  return text
    .split("\n")
    .filter((line) => line.startsWith("data:"))
    .map((line) => JSON.parse(line.slice(5)));
}
