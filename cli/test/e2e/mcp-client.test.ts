/**
 * The gateway's MCP server driven by the official MCP client SDK over Streamable HTTP against the
 * local stack: list the tools, call a free one, pay for and call a paid one with x402 over MCP
 * (docs/mcp.md), release the payment with the CLI, and check the balances add up.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { parsePaymentRequired } from "@x402/core/schemas";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLedgerClient, type LedgerClient } from "#shared/ledger/client";
import { resolveNetwork } from "#shared/ledger/networks";
import type { SettleResponse } from "#shared/x402/transport";
import { newFundedAccount, type TestAccount } from "./support/accounts.js";
import { paymentChangeJson } from "./support/cli-schemas.js";
import {
  examplesOwner,
  registerConfig,
  registerPaidEcho,
  startCliStack,
  stopCliStack,
} from "./support/cli-stack.js";
import { gasFee } from "./support/gas-fee.js";
import { jsonResult } from "./support/json-output.js";
import type { LocalStack } from "./support/local-stack.js";
import { paymentForOffer } from "./support/offer-signer.js";
import { runCli } from "./support/run-cli.js";

// The example agents serve these process ids (their AGENT_PROCESS_ID).
const PAID = "echo";
const FREE = "text-stats";
const PRICE = 1000n;

let stack: LocalStack;
let dir: string;
let env: Record<string, string>;
let owner: TestAccount;
let user: TestAccount;
let ledger: LedgerClient;
let client: Client;

const cli = (args: string[], as?: TestAccount) =>
  runCli(as ? [...args, "-p", as.key] : args, { env });

beforeAll(async () => {
  const setup = await startCliStack("agentgate-mcp-", {
    agentConfigs: [
      "workers/agent/examples/echo/wrangler.jsonc",
      "workers/agent/examples/text-stats/wrangler.jsonc",
    ],
  });
  ({ stack, dir, env } = setup);
  owner = examplesOwner(stack);
  user = await newFundedAccount({ dir, name: "user", env });
  ledger = createLedgerClient({
    network: resolveNetwork({ network: stack.ledgerUrl, moduleAddress: stack.moduleAddress }),
  });
  await registerConfig(setup, owner, {
    id: FREE,
    name: "Text statistics",
    url: "service://TEXT_STATS_AGENT",
  });
  await registerPaidEcho(setup, PRICE);
  client = new Client({ name: "agentgate-e2e", version: "1.0.0" });
  // The caller names itself in the URL, as an MCP client's configuration does (README.md).
  const url = new URL(`${stack.gatewayUrl}/mcp?userAddress=${user.address}`);
  await client.connect(new StreamableHTTPClientTransport(url));
});

afterAll(async () => {
  await client?.close();
  await stopCliStack(stack, dir);
});

describe("MCP client against the local stack", () => {
  it("lists one tool per active process, the paid one with its price", async () => {
    // The list's read model may be up to a second behind the ledger (docs/gateway.md, "List").
    const tools = await vi.waitFor(
      async () => {
        const listed = (await client.listTools()).tools;
        expect(listed.map((t) => t.name)).toEqual(expect.arrayContaining([FREE, PAID]));
        return listed;
      },
      { timeout: 5_000, interval: 250 },
    );
    const paid = tools.find((t) => t.name === PAID);
    expect(paid?.description).toContain("0.00001 APT (1000 octas) per run, paid into escrow");
  });

  it("calls a free tool", async () => {
    const result = await client.callTool({ name: FREE, arguments: { text: "One sentence here." } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      success: true,
      status: "completed",
      result: { words: 3, sentences: 1 },
    });
  });

  it('runs a free tool as an MCP task: the task, its status polled, its result (docs/mcp.md, "Tasks")', async () => {
    const kinds: string[] = [];
    let result: unknown;
    for await (const message of client.experimental.tasks.callToolStream(
      { name: FREE, arguments: { text: "Two words." } },
      CallToolResultSchema,
      { task: {} },
    )) {
      if (message.type === "error") throw message.error;
      kinds.push(message.type === "taskStatus" ? message.task.status : message.type);
      if (message.type === "result") result = message.result;
    }
    expect(kinds[0]).toBe("taskCreated");
    expect(kinds.slice(-2)).toEqual(["completed", "result"]);
    expect(result).toMatchObject({
      structuredContent: { success: true, status: "completed", result: { words: 2 } },
    });
  });

  it("pays for a paid tool in the call, runs it, releases with the CLI; balances add up", async () => {
    const ownerBefore = await ledger.balance(owner.address);
    const userBefore = await ledger.balance(user.address);

    const offer = await client.callTool({ name: PAID, arguments: { hello: "mcp" } });
    expect(offer.isError).toBe(true);
    expect(parsePaymentRequired(offer.structuredContent).success).toBe(true);
    const payment = await paymentForOffer({ offered: offer.structuredContent, key: user.key });

    const paid = await client.callTool({
      name: PAID,
      arguments: { hello: "mcp" },
      _meta: { "x402/payment": payment },
    });
    expect(paid.isError).toBeFalsy();
    expect(paid.structuredContent).toMatchObject({ success: true, status: "completed" });
    const response = paid._meta?.["x402/payment-response"] as SettleResponse;
    expect(response).toMatchObject({ success: true, payer: user.address });
    const taskId = response.extra?.taskId;
    if (typeof taskId !== "string") throw new Error("no task id in the payment response");

    const released = jsonResult(
      await cli(["release", "-i", PAID, "-t", taskId, "--json"], user),
      paymentChangeJson,
    );
    expect(released.status).toBe("COMPLETED");

    const gas =
      (await gasFee(stack.ledgerUrl, response.transaction)) +
      (await gasFee(stack.ledgerUrl, released.transactionHash));
    expect(await ledger.balance(user.address)).toBe(userBefore - PRICE - gas);
    expect(await ledger.balance(owner.address)).toBe(ownerBefore + PRICE);
  });
});
