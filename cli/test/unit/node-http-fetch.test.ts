import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LedgerError } from "#shared/ledger/errors";
import { sendNodeRequest } from "#shared/ledger/transport";
import { nodeHttpFetch } from "../../src/runtime/node-http-fetch.js";

const REDIRECTS: Record<string, { status: number; location: string }> = {
  "/moved": { status: 301, location: "/v1/moved-here" },
  "/resend": { status: 307, location: "/v1/resent" },
  "/loop": { status: 302, location: "/loop" },
};

let server: Server;
let origin: string;
const seen: { method: string; url: string; headers: IncomingMessage["headers"]; body: Buffer }[] =
  [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      if (req.url === "/slow") return; // never answers
      const redirect = REDIRECTS[req.url ?? ""];
      if (redirect) {
        res.writeHead(redirect.status, { location: redirect.location });
        res.end();
        return;
      }
      res.writeHead(req.url === "/missing" ? 404 : 200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          path: req.url,
          bytes: chunks.length ? Buffer.concat(chunks).length : 0,
          text: "é",
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("nodeHttpFetch", () => {
  it("follows a redirect to the new location, as fetch does", async () => {
    const answer = await nodeHttpFetch(`${origin}/moved`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(await answer.text())).toMatchObject({ path: "/v1/moved-here" });
  });

  it("repeats a POST with its body on a 307", async () => {
    const answer = await nodeHttpFetch(`${origin}/resend`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: Uint8Array.from([1, 2, 3]),
    });
    expect(JSON.parse(await answer.text())).toMatchObject({ path: "/v1/resent", bytes: 3 });
    expect(seen.at(-1)?.method).toBe("POST");
  });

  it("stops after 5 redirects and answers the last one", async () => {
    const before = seen.length;
    const answer = await nodeHttpFetch(`${origin}/loop`);
    expect(answer.status).toBe(302);
    expect(seen.length - before).toBe(6);
  });

  it("answers a GET with status, headers and the UTF-8 body, asking for no compression", async () => {
    const answer = await nodeHttpFetch(`${origin}/v1/x`, {
      headers: { accept: "application/json" },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/json");
    expect(JSON.parse(await answer.text())).toEqual({ path: "/v1/x", bytes: 0, text: "é" });
    expect(seen.at(-1)?.headers["accept-encoding"]).toBe("identity");
  });

  it("sends a byte body with its content type", async () => {
    const body = Uint8Array.from([0, 1, 2, 255]);
    const answer = await nodeHttpFetch(`${origin}/v1/transactions`, {
      method: "POST",
      headers: { "content-type": "application/x.aptos.signed_transaction+bcs" },
      body,
    });
    expect(JSON.parse(await answer.text()).bytes).toBe(4);
    const last = seen.at(-1);
    expect(last?.method).toBe("POST");
    expect(last?.headers["content-type"]).toBe("application/x.aptos.signed_transaction+bcs");
    expect(new Uint8Array(last?.body ?? [])).toEqual(body);
  });

  it("returns a 404 as an answer, for the client to judge", async () => {
    const answer = await nodeHttpFetch(`${origin}/missing`);
    expect(answer.status).toBe(404);
  });

  it("gives the client's timeout and unreachable errors through sendNodeRequest", async () => {
    const slow = sendNodeRequest({
      fetch: nodeHttpFetch,
      timeoutMs: 50,
      method: "GET",
      url: `${origin}/slow`,
    });
    await expect(slow).rejects.toThrow(/no answer within 50 ms/);
    const refused = await sendNodeRequest({
      fetch: nodeHttpFetch,
      timeoutMs: 1000,
      method: "GET",
      url: "http://127.0.0.1:9/v1",
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LedgerError);
    expect(refused).toMatchObject({ kind: "network" });
    expect((refused as LedgerError).message).toMatch(
      /^Ledger node unreachable at http:\/\/127.0.0.1:9: /,
    );
  });
});
