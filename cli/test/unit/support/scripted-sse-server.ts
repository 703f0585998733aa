/** A local HTTP server that answers each request with the next scripted answer, and records them. */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Step = string | { waitMs: number };

export interface ScriptedAnswer {
  status?: number;
  contentType?: string;
  steps: Step[];
  /** Keep the connection open after the last step (the client must give up on it). */
  hang?: boolean;
}

export interface ScriptedServer {
  url: URL;
  requests: IncomingHttpHeaders[];
  close(): Promise<void>;
}

export async function startScriptedServer(answers: ScriptedAnswer[]): Promise<ScriptedServer> {
  const requests: IncomingHttpHeaders[] = [];
  const open = new Set<import("node:http").ServerResponse>();
  const server: Server = createServer(async (req, res) => {
    requests.push(req.headers);
    const answer = answers.shift() ?? { status: 500, steps: [] };
    open.add(res);
    res.on("close", () => open.delete(res));
    res.writeHead(answer.status ?? 200, {
      "content-type": answer.contentType ?? "text/event-stream",
    });
    res.flushHeaders();
    for (const step of answer.steps) {
      if (res.destroyed) return;
      if (typeof step === "string") res.write(step);
      else await new Promise((done) => setTimeout(done, step.waitMs));
    }
    if (!answer.hang) res.end();
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/api/runs/tx-1/events`),
    requests,
    close: () =>
      new Promise<void>((done) => {
        for (const res of open) res.destroy();
        server.close(() => done());
        // Idle keep-alive sockets would hold close() for seconds.
        server.closeAllConnections();
      }),
  };
}
