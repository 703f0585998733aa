// The devnode on its own workerd socket (scripts/lib/devnode-server.mjs), spoken to over one
// keep-alive connection as an HTTP client pool does: a refused request must not cost the next
// request its connection, and odd requests (a body on GET or HEAD) are answered, never a 500.
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevnodeServer, startDevnodeServer } from "../lib/devnode-server.mjs";

let server: DevnodeServer;
let stateDir: string;

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), "agentgate-devnode-socket-"));
  server = await startDevnodeServer({ persistTo: stateDir, bodyTimeoutMs: 1000 });
});

afterAll(async () => {
  await server?.stop();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The headers with the body's framing said explicitly (Node sends GET and HEAD bodies unframed). */
function framed(options: {
  headers?: Record<string, string>;
  body?: string | Buffer;
  chunks?: string[];
}) {
  const headers = { ...options.headers };
  if (options.chunks) headers["transfer-encoding"] = "chunked";
  else if (options.body !== undefined)
    headers["content-length"] = String(Buffer.byteLength(options.body));
  return headers;
}

/** One request on `agent`; a body given as chunks is sent chunked (no Content-Length). */
function send(
  agent: Agent | undefined,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; chunks?: string[] } = {},
): Promise<Answer> {
  return new Promise((done, fail) => {
    const url = new URL(path, server.origin);
    const req = request(
      url,
      { method, agent, headers: framed(options), timeout: 10_000 },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on("error", fail);
      },
    );
    req.on("error", fail);
    req.on("timeout", () => req.destroy(new Error(`${method} ${path} timed out`)));
    if (options.chunks) for (const chunk of options.chunks) req.write(chunk);
    req.end(options.body);
  });
}

const SIGNED_TRANSACTION_BCS = "application/x.aptos.signed_transaction+bcs";

describe("the devnode socket under refused requests", () => {
  const bad: Array<[string, () => Parameters<typeof send>]> = [
    [
      "415",
      () => [
        undefined,
        "POST",
        "/v1/transactions",
        { headers: { "content-type": "application/json" }, body: '{"x":1}' },
      ],
    ],
    ["404", () => [undefined, "POST", "/nothing/here", { body: "x".repeat(5000) }]],
    [
      "413",
      () => [
        undefined,
        "POST",
        "/v1/transactions",
        {
          headers: { "content-type": SIGNED_TRANSACTION_BCS },
          body: Buffer.alloc(100 * 1024),
        },
      ],
    ],
    [
      "413 chunked",
      () => [
        undefined,
        "POST",
        "/v1/view",
        {
          headers: { "content-type": "application/json" },
          chunks: Array.from({ length: 4 }, () => "x".repeat(40 * 1024)),
        },
      ],
    ],
  ];

  for (const [name, make] of bad) {
    it(`keeps 20 ${name}-then-good pairs on one keep-alive connection working`, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let i = 0; i < 20; i++) {
          const [, method, path, options] = make();
          const refused = await send(agent, method, path, options);
          expect(refused.status).toBe(Number(name.slice(0, 3)));
          expect(JSON.parse(refused.body)).toMatchObject({ error_code: expect.any(String) });
          const good = await send(agent, "GET", "/v1");
          expect(good.status).toBe(200);
        }
      } finally {
        agent.destroy();
      }
    });
  }
});

describe("GET and HEAD with a body", () => {
  for (const method of ["GET", "HEAD"]) {
    it(`answers ${method} /v1 with a chunked body normally`, async () => {
      const answer = await send(undefined, method, "/v1", { chunks: ['{"a":', "1}"] });
      expect(answer.status).toBe(200);
    });

    it(`answers ${method} /v1 with a declared body normally`, async () => {
      const answer = await send(undefined, method, "/v1", {
        headers: { "content-type": "application/json" },
        body: '{"a":1}',
      });
      expect(answer.status).toBe(200);
    });

    it(`answers ${method} of an undecodable path with a 400, not a 500`, async () => {
      const answer = await send(undefined, method, "/v1/accounts/0x1/balance/%25zz", {
        chunks: ["x"],
      });
      expect(answer.status).toBe(400);
    });
  }
});

describe("a request body that stalls", () => {
  it("is answered 408 once the body timeout passes, and the devnode keeps answering", {
    timeout: 15_000,
  }, async () => {
    const started = Date.now();
    const answer = await new Promise<Answer>((done, fail) => {
      const req = request(
        new URL("/v1/transactions", server.origin),
        {
          method: "POST",
          headers: { "content-type": SIGNED_TRANSACTION_BCS, "content-length": "1000" },
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            body += chunk;
          });
          res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on("error", fail);
      // Two bytes of the thousand declared, then nothing: the request is never ended.
      req.write("{}");
    });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ error_code: "invalid_input" });
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await send(undefined, "GET", "/v1")).status).toBe(200);
  });
});
