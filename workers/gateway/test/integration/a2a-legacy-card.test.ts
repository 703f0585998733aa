import { SendMessageRequest, TaskState } from "@a2a-js/sdk";
import { LegacyJsonRpcTransport, parseLegacyAgentCard } from "@a2a-js/sdk/compat/v0_3/client";
import { beforeAll, describe, expect, it } from "vitest";
import { a2aRpc, legacyDataMessage } from "../support/a2a-requests.js";
import { SELF } from "../support/checked-self.js";
import { GATEWAY, testProcess } from "../support/ledger-fixtures.js";

// A process's card for A2A 0.3 clients (docs/gateway.md, "A2A", "Cards"): a request without
// `A2A-Version` is a 0.3 client's, and gets the 0.3 shape (url, preferredTransport) with the 1.0
// interfaces kept; `A2A-Version: 1.0` gets the 1.0 card. The 0.3 client below is the SDK's own
// 0.3 code: its card parser and its 0.3 JSON-RPC transport, as a 0.3 client would run them.

const cardUrl = (processId: string) => `${GATEWAY}/a2a/${processId}/.well-known/agent-card.json`;

async function cardOf(processId: string, headers: Record<string, string> = {}) {
  const res = await SELF.fetch(cardUrl(processId), { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("vary")).toMatch(/A2A-Version/i);
  return (await res.json()) as Record<string, unknown>;
}

describe("A2A 0.3 clients find a process through its card", () => {
  let processId: string;

  beforeAll(async () => {
    processId = await testProcess("free");
  });

  it("answers a card request without A2A-Version in 0.3's shape, keeping the 1.0 interfaces", async () => {
    const card = await cardOf(processId);
    const url = `${GATEWAY}/a2a/${processId}`;
    expect(card).toMatchObject({
      url,
      preferredTransport: "JSONRPC",
      protocolVersion: "0.3",
      capabilities: { streaming: true, pushNotifications: false },
      supportsAuthenticatedExtendedCard: false,
    });
    expect(card.supportedInterfaces).toEqual([
      { url, protocolBinding: "JSONRPC", protocolVersion: "1.0", tenant: "" },
      { url, protocolBinding: "HTTP+JSON", protocolVersion: "1.0", tenant: "" },
      { url, protocolBinding: "JSONRPC", protocolVersion: "0.3", tenant: "" },
    ]);
    // The same for a client that names a 0.3 version.
    expect(await cardOf(processId, { "a2a-version": "0.3.0" })).toMatchObject({ url });
  });

  it("answers A2A-Version: 1.0 with the 1.0 card, which has no 0.3 fields", async () => {
    const card = await cardOf(processId, { "a2a-version": "1.0" });
    expect(card).not.toHaveProperty("url");
    expect(card).not.toHaveProperty("preferredTransport");
    expect(card).not.toHaveProperty("protocolVersion");
    expect(card.supportedInterfaces).toHaveLength(3);
  });

  it("reads A2A-Version 0.3.0 as 0.3 on the JSON-RPC binding too, as the card does", async () => {
    const res = await a2aRpc({
      processId,
      version: "0.3.0",
      method: "message/send",
      params: { message: legacyDataMessage({ from: "0.3.0" }) },
    });
    expect(await res.json()).toMatchObject({
      result: { kind: "task", status: { state: "completed" } },
    });
  });

  it("lets the SDK's 0.3 client read the card and run a task at the URL it names", async () => {
    const card = parseLegacyAgentCard(await cardOf(processId));
    const [primary] = card.supportedInterfaces;
    expect(primary).toMatchObject({ protocolBinding: "JSONRPC", protocolVersion: "0.3" });
    const transport = new LegacyJsonRpcTransport({
      endpoint: primary?.url ?? "",
      fetchImpl: (input, init) => SELF.fetch(new Request(input, init)),
    });
    const answer = await transport.sendMessage(
      SendMessageRequest.fromJSON({
        message: {
          messageId: crypto.randomUUID(),
          role: "ROLE_USER",
          parts: [{ data: { from: "0.3" }, mediaType: "application/json" }],
        },
      }),
    );
    expect(answer).toMatchObject({ status: { state: TaskState.TASK_STATE_COMPLETED } });
  });
});
