import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import {
  AGENT_KEY_HEADER,
  AGENT_OWNER_HEADER,
  signAgentRequest,
} from "#shared/auth/agent-signature";
import { createGatewayApp } from "../../src/app.js";
import { agentSignerOf } from "../../src/execute/agent-signer.js";
import { SELF } from "../support/checked-self.js";
import { failedRun } from "../support/failed-run.js";
import {
  address,
  execute,
  fundedAccount,
  GATEWAY,
  operator,
  processOwner,
  registerProcess,
  testProcess,
} from "../support/ledger-fixtures.js";
import { TEST_AGENTS } from "../support/test-secrets.js";

const signer = agentSignerOf(operator);
if (signer === null) throw new Error("the test operator key gives no signer");

/** Calls a test agent directly over the gateway's binding, as the gateway would. */
async function callAgent(args: {
  binding: keyof typeof TEST_AGENTS;
  path: string;
  method: "GET" | "POST";
  ownerAddress: string;
  transactionId: string;
  body?: string;
}): Promise<Response> {
  const url = `https://${args.binding.toLowerCase()}.internal${args.path}`;
  const body = args.body ?? "";
  const headers = await signAgentRequest({
    signer: signer as NonNullable<typeof signer>,
    processId: TEST_AGENTS[args.binding],
    ownerAddress: args.ownerAddress,
    method: args.method,
    url,
    transactionId: args.transactionId,
    body,
  });
  const fetcher = (env as unknown as Record<string, Fetcher>)[args.binding];
  if (fetcher === undefined) throw new Error(`no binding ${args.binding}`);
  return fetcher.fetch(url, {
    method: args.method,
    headers: { "content-type": "application/json", ...headers },
    ...(args.method === "POST" ? { body } : {}),
  });
}

describe("the gateway signs agent requests with its operator key, for the process's owner", () => {
  let user: string;

  beforeAll(async () => {
    user = address(await fundedAccount());
  });

  it("runs and reads logs on agents that trust its key (signed execute and logs)", async () => {
    const processId = await testProcess("free");
    const res = await execute({
      processId,
      body: { userAddress: user, data: { log: ["signed line"] } },
    });
    expect(res.status).toBe(200);
    const { transactionId } = await res.json<{ transactionId: string }>();
    const logs = await SELF.fetch(`${GATEWAY}/api/logs/${processId}/${transactionId}`);
    expect(logs.status).toBe(200);
  });

  it("sends its public key and the owner it signs for", async () => {
    const processId = await testProcess("free");
    const transactionId = crypto.randomUUID();
    const body = JSON.stringify({ transactionId, processId, userAddress: user, data: {} });
    const direct = await callAgent({
      binding: "ECHO_AGENT",
      path: "/execute",
      method: "POST",
      ownerAddress: address(processOwner),
      transactionId,
      body,
    });
    expect(direct.status).toBe(200);
    const headers = await signAgentRequest({
      signer: signer as NonNullable<typeof signer>,
      processId,
      ownerAddress: address(processOwner),
      method: "POST",
      url: "https://echo_agent.internal/execute",
      transactionId,
      body,
    });
    expect(headers[AGENT_KEY_HEADER]).toBe(operator.publicKey.toString());
    expect(headers[AGENT_OWNER_HEADER]).toBe(address(processOwner));
  });
});

describe("process-id squatting (issue 13, door 5)", () => {
  it("an agent refuses the process another account registered under its id, and runs nothing", async () => {
    // The squatter registers the id the ECHO_SQUATTED agent serves, pointing at that agent.
    const squatter = await fundedAccount();
    const processId = TEST_AGENTS.ECHO_SQUATTED;
    await registerProcess({
      owner: squatter,
      id: processId,
      serviceUrl: "service://ECHO_SQUATTED",
    });
    const res = await execute({
      processId,
      body: { userAddress: address(squatter), data: { log: ["squatted run"] } },
    });
    // The agent refused the gateway's signed request: the owner's setup stops the run, not the
    // gateway, so it is SPEC's failed run, not a 500.
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject(
      failedRun({
        processId,
        code: "agent_unavailable",
        details: { reason: expect.stringMatching(/refused the gateway's request \(HTTP 403\)/) },
      }),
    );
    expect(JSON.stringify(body)).not.toContain("squatted run");

    // What the agent saw: the gateway's genuine signature, for the squatter as owner.
    const transactionId = crypto.randomUUID();
    const refused = await callAgent({
      binding: "ECHO_SQUATTED",
      path: "/execute",
      method: "POST",
      ownerAddress: address(squatter),
      transactionId,
      body: JSON.stringify({ transactionId, processId, userAddress: address(squatter), data: {} }),
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ details: { reason: "wrong_owner" } });
    // Nothing was recorded under that transaction, as its real owner's gateway can read.
    const logs = await callAgent({
      binding: "ECHO_SQUATTED",
      path: `/logs/${transactionId}`,
      method: "GET",
      ownerAddress: address(processOwner),
      transactionId,
    });
    expect(logs.status).toBe(404);
  });
});

describe("a gateway without a usable OPERATOR_PRIVATE_KEY calls no agent (fail closed)", () => {
  const app = createGatewayApp();
  const withKey = async (key: string, request: Request) => {
    const ctx = createExecutionContext();
    const response = await app.fetch(request, { ...env, OPERATOR_PRIVATE_KEY: key }, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  };
  const requests = async () => {
    const processId = await testProcess("free");
    const user = address(await fundedAccount());
    return [
      new Request(`${GATEWAY}/api/execute/${processId}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ userAddress: user, data: { log: ["unsigned line"] } }),
      }),
      new Request(`${GATEWAY}/api/logs/${processId}/${crypto.randomUUID()}`),
    ];
  };

  // Not 32 bytes: the ledger SDK refuses the key before anything is signed (with Web Crypto or
  // otherwise), and the gateway's log names the reason.
  it("answers 500 to an execute and a logs read when the key is not an Ed25519 key", async () => {
    for (const request of await requests()) {
      const response = await withKey(`0x${"ab".repeat(31)}`, request);
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ code: "internal_error" });
    }
  });

  it("answers 503 with a configuration error to an execute and a logs read", async () => {
    for (const request of await requests()) {
      const response = await withKey("", request);
      expect(response.status).toBe(503);
      const body = await response.json<{ code: string; error: string }>();
      expect(body.code).toBe("configuration_error");
      expect(body.error).toContain("OPERATOR_PRIVATE_KEY");
    }
  });
});
