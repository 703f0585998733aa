/**
 * `run` and `logs` of the built CLI through a gateway with the echo agent on a devnode: paying
 * and running in one request (--pay), the caller proof of a paid process, results, transaction
 * ids and logs, and failures.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { agentLogsResponseSchema } from "#shared/schemas/agent";
import { agentCardSchema } from "#shared/schemas/agent-card";
import { executeSuccessResponseSchema, processSchemaResponseSchema } from "#shared/schemas/gateway";
import { newFundedAccount, type TestAccount } from "./support/accounts.js";
import { payJson, paymentJson, txHashSchema } from "./support/cli-schemas.js";
import {
  examplesOwner,
  registerPaidEcho,
  startCliStack,
  stopCliStack,
} from "./support/cli-stack.js";
import { expectFailure, jsonResult } from "./support/json-output.js";
import type { LocalStack } from "./support/local-stack.js";
import { runCli } from "./support/run-cli.js";

// The echo example agent serves the process with this id (its AGENT_PROCESS_ID).
const ECHO = "echo";

const runJson = executeSuccessResponseSchema.extend({
  taskId: z.string().optional(),
  payment: z
    .strictObject({
      taskId: z.string(),
      amount: z.string(),
      transactionHash: txHashSchema,
      explorerUrl: z.string().optional(),
    })
    .optional(),
  logs: z.array(z.string()).optional(),
});

let stack: LocalStack;
let dir: string;
let env: Record<string, string>;
let owner: TestAccount;
let user: TestAccount;

const cli = (args: string[], as?: TestAccount) =>
  runCli(as ? [...args, "-p", as.key] : args, { env });

beforeAll(async () => {
  const setup = await startCliStack("agentgate-cli-run-", {
    agentConfigs: ["workers/agent/examples/echo/wrangler.jsonc"],
  });
  ({ stack, dir, env } = setup);
  owner = examplesOwner(stack);
  user = await newFundedAccount({ dir, name: "user", env });
  await registerPaidEcho(setup, 1000n);
});

afterAll(() => stopCliStack(stack, dir));

describe("run", () => {
  it("refuses a paid process without a payment, with exit 5", async () => {
    expectFailure(await cli(["run", "-i", ECHO, "-d", '{"a":1}'], user), 5, /Payment required/);
  });

  it("pays and runs on that payment with --pay and prints result, transaction id and logs", async () => {
    const body = jsonResult(
      await cli(
        [
          "run",
          "-i",
          ECHO,
          "--pay",
          "--amount",
          "1000",
          "-t",
          "job-1",
          "-d",
          '{"text":"hello"}',
          "--priority",
          "2",
          "--json",
        ],
        user,
      ),
      runJson,
    );
    expect(body).toMatchObject({
      success: true,
      status: "completed",
      processId: ECHO,
      taskId: "job-1",
    });
    expect(body.payment).toMatchObject({ taskId: "job-1", amount: "1000" });
    expect(body.result).toMatchObject({ echo: { text: "hello" } });
    expect(Array.isArray(body.logs)).toBe(true);
    const payment = jsonResult(
      await cli(["payment", "-i", ECHO, "-t", "job-1", "--json"], user),
      paymentJson,
    );
    expect(payment.payment.payer).toBe(user.address);

    const logs = await cli(["logs", "-i", ECHO, "-x", body.transactionId, "--json"]);
    const parsed = jsonResult(
      logs,
      agentLogsResponseSchema.omit({ timestamp: true }).extend({ processId: z.string() }),
    );
    expect(parsed.transactionId).toBe(body.transactionId);
  });

  it("uses a payment made earlier with pay, named by -t", async () => {
    jsonResult(
      await cli(["pay", "-i", ECHO, "-a", "1000", "-t", "job-2", "--json"], user),
      payJson,
    );
    const data = join(dir, "input.json");
    writeFileSync(data, JSON.stringify({ from: "file" }));
    const result = await cli(["run", "-i", ECHO, "-t", "job-2", "-d", data], user);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/status\s+completed/);
    expect(result.stdout).toMatch(/transaction\s+\S+/);
    expect(result.stdout).toContain('"from": "file"');
    expect(result.stdout).toMatch(/logs\s+/);
    // Piped output: no spinner frames on stderr.
    expect(result.stderr).not.toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/);
  });

  it("does not run twice on one payment", async () => {
    expectFailure(await cli(["run", "-i", ECHO, "-t", "job-2", "-d", "{}"], user), 5, /error:/);
  });

  it("cannot run on someone else's payment by naming their address", async () => {
    jsonResult(
      await cli(["pay", "-i", ECHO, "-a", "1000", "-t", "job-3", "--json"], user),
      payJson,
    );
    const result = await cli(["run", "-i", ECHO, "-u", user.address, "-d", "{}"]);
    expect(result.code).toBe(5);
  });

  it("runs a free process with --user and no key", async () => {
    const update = await cli(["update", "-i", ECHO, "--requires-prepayment", "false"], owner);
    expect(update.code).toBe(0);
    // The gateway may cache process metadata for a few seconds: retried until the run succeeds.
    const run = await vi.waitFor(
      async () =>
        jsonResult(
          await cli(["run", "-i", ECHO, "-u", owner.address, "-d", '{"free":true}', "--json"]),
          runJson,
        ),
      { timeout: 20_000, interval: 1_000 },
    );
    expect(run.result).toMatchObject({ echo: { free: true } });
  });

  it("exits 3 for a process the gateway does not know", async () => {
    expectFailure(
      await cli(["run", "-i", "no-such-process", "-d", "{}"], user),
      3,
      /Process not found/,
    );
  });
});

describe("logs", () => {
  it("exits 3 for an unknown transaction", async () => {
    expectFailure(await cli(["logs", "-i", ECHO, "-x", "no-such-transaction"]), 3, /not found/i);
  });
});

describe("schema", () => {
  it("prints the fields of data and result the process's agent publishes", async () => {
    const result = await cli(["schema", "-i", ECHO]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^process\s+echo$/m);
    expect(result.stdout).toMatch(/^delayMs\s+integer\s+no\s+min 0, max 60000$/m);
    expect(result.stdout).toMatch(/^\(other fields are accepted\)$/m);
    expect(result.stdout).toMatch(/^runId\s+string\s+yes/m);
  });

  it("prints the gateway's answer with --json", async () => {
    const body = jsonResult(
      await cli(["schema", "-i", ECHO, "--json"]),
      processSchemaResponseSchema,
    );
    expect(body.processId).toBe(ECHO);
    expect(body.inputSchema).toMatchObject({ type: "object", properties: { fail: {} } });
    expect(body.outputSchema).toMatchObject({ required: expect.arrayContaining(["runId"]) });
  });

  it("exits 3 for a process the gateway does not know", async () => {
    expectFailure(await cli(["schema", "-i", "no-such-process"]), 3, /Process not found/);
  });

  it("is in the echo agent's card too, whose endpoint is the stack's gateway", async () => {
    const agentUrl = Object.values(stack.agentUrls ?? {})[0];
    if (agentUrl === undefined) throw new Error("the stack has no agent URL");
    const card = agentCardSchema.parse(
      await (await fetch(`${agentUrl}/.well-known/agent-card.json`)).json(),
    );
    expect(card.supportedInterfaces[0]?.url).toBe(`${stack.gatewayUrl}/a2a/${ECHO}`);
    const schema = jsonResult(
      await cli(["schema", "-i", ECHO, "--json"]),
      processSchemaResponseSchema,
    );
    expect(card.capabilities.extensions[0].params.inputSchema).toEqual(schema.inputSchema);
  });

  it("is what run's data is checked against: refused data names the field and spends nothing", async () => {
    jsonResult(
      await cli(["pay", "-i", ECHO, "-a", "1000", "-t", "schema-job", "--json"], user),
      payJson,
    );
    expectFailure(
      await cli(["run", "-i", ECHO, "-t", "schema-job", "-d", '{"delayMs":"soon"}'], user),
      5,
      /body\.data\.delayMs: /,
    );
    // Nothing was claimed: the same payment runs good data.
    const ran = await cli(["run", "-i", ECHO, "-t", "schema-job", "-d", '{"delayMs":0}'], user);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/status\s+completed/);
  });
});
