/**
 * Runs as durable tasks through the built CLI and the whole stack, with the slow-report example
 * agent (one step a second, progress per step, one run at a time): `run` shows progress before
 * its result, `run --async` then `watch` and `result` (with the kept token, or the payer's caller
 * proof), and `cancel-run` of a paid run queued at
 * the agent, reported failed, then refunded (docs/gateway.md, "Canceling a run").
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { executeSuccessResponseSchema } from "#shared/schemas/gateway";
import { runAcceptedResponseSchema, runStatusResponseSchema } from "#shared/schemas/runs";
import { newFundedAccount, type TestAccount } from "./support/accounts.js";
import { balanceJson, paymentChangeJson, paymentJson } from "./support/cli-schemas.js";
import { registerPaidSlowReport, startCliStack, stopCliStack } from "./support/cli-stack.js";
import { gasFee } from "./support/gas-fee.js";
import { expectFailure, jsonResult } from "./support/json-output.js";
import type { LocalStack } from "./support/local-stack.js";
import { runCli } from "./support/run-cli.js";

// The slow-report example agent serves the process with this id.
const SLOW = "slow-report";
const PRICE = 1000n;

const runJson = executeSuccessResponseSchema.extend({
  taskId: z.string().optional(),
  payment: z.looseObject({ taskId: z.string() }).optional(),
  logs: z.array(z.string()),
});
const acceptedJson = runAcceptedResponseSchema.extend({
  payment: z.looseObject({ taskId: z.string(), transactionHash: z.string() }),
});

let stack: LocalStack;
let dir: string;
let env: Record<string, string>;
let user: TestAccount;

const cli = (args: string[], options: Parameters<typeof runCli>[1] = {}) =>
  runCli([...args, "-p", user.key], { timeoutMs: 90_000, ...options, env });
const payArgs = (seconds: number, task: string) => [
  "run",
  "-i",
  SLOW,
  "--pay",
  "--amount",
  PRICE.toString(),
  "-t",
  task,
  "-d",
  JSON.stringify({ seconds }),
];
const startAsync = async (seconds: number, task: string) =>
  jsonResult(await cli([...payArgs(seconds, task), "--async", "--json"]), acceptedJson);
const status = async (transactionId: string) => {
  const result = await cli(["result", "-x", transactionId, "--json"]);
  return runStatusResponseSchema.shape.status.parse(JSON.parse(result.stdout).status);
};
const balance = async () =>
  BigInt(jsonResult(await cli(["balance", user.address, "--json"]), balanceJson).balance);

beforeAll(async () => {
  const setup = await startCliStack("agentgate-cli-runs-", {
    agentConfigs: ["workers/agent/examples/slow-report/wrangler.jsonc"],
  });
  ({ stack, dir, env } = setup);
  user = await newFundedAccount({ dir, name: "user", env });
  await registerPaidSlowReport(setup, PRICE);
});

afterAll(() => stopCliStack(stack, dir));

describe("runs of the slow example", () => {
  it("run prints progress lines while it goes, before its result", async () => {
    const result = await cli(payArgs(3, "live-1"));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^progress 1\/3 \(33%\) step 1 of 3$/m);
    expect(result.stderr).toMatch(/^log \S+ INFO step 2\/3: finding 2 on the weather$/m);
    const firstOut = result.timeline.findIndex((chunk) => chunk.stream === "stdout");
    const progress = result.timeline.findIndex((chunk) => chunk.text.includes("progress 1/3"));
    expect(progress).toBeGreaterThanOrEqual(0);
    expect(progress).toBeLessThan(firstOut);
    expect(result.stdout).toMatch(/^status\s+completed$/m);
    expect(result.stdout).toMatch(/finding 3 on the weather/);
  });

  it("run --async returns at once; watch follows it to its end and result fetches it", async () => {
    const accepted = await startAsync(3, "async-1");
    expect(accepted).toMatchObject({ status: "submitted", taskId: "async-1" });
    expect(accepted.accessToken).toMatch(/^agr_/);
    const watched = await cli(["watch", "-x", accepted.transactionId]);
    expect(watched.code, watched.stderr).toBe(0);
    expect(watched.stderr).toMatch(/^progress 3\/3 \(100%\) step 3 of 3$/m);
    expect(watched.stdout).toMatch(/^status\s+completed$/m);
    const fetched = jsonResult(
      await cli(["result", "-x", accepted.transactionId, "--json"]),
      runJson,
    );
    expect(fetched).toMatchObject({ transactionId: accepted.transactionId, status: "completed" });
    expect(fetched.result).toMatchObject({ seconds: 3, topic: "the weather" });

    // Without the kept token: the payer's caller proof reads it; another account's is refused.
    const noTokens = { env: { ...env, AGENTGATE_HOME: join(dir, "no-tokens") } };
    const byProof = jsonResult(
      await runCli(["result", "-x", accepted.transactionId, "--json", "-p", user.key], noTokens),
      runJson,
    );
    expect(byProof.transactionId).toBe(accepted.transactionId);
    const stranger = await newFundedAccount({ dir, name: "stranger", env });
    expectFailure(
      await runCli(["result", "-x", accepted.transactionId, "-p", stranger.key], noTokens),
      5,
      /\(HTTP 403\)/,
    );
  });

  it("cancel-run of a paid run queued at the agent reports it failed; refund returns the funds", async () => {
    // The agent runs one at a time: the first run works, the second waits in its queue.
    const first = await startAsync(12, "busy-1");
    await vi.waitFor(async () => expect(await status(first.transactionId)).toBe("working"), {
      timeout: 30_000,
      interval: 500,
    });
    const second = await startAsync(12, "queued-1");
    expect(await status(second.transactionId)).toBe("submitted");

    // A paid run its agent works on is not canceled: the gateway's message says why, exit 5.
    expectFailure(await cli(["cancel-run", "-x", first.transactionId]), 5, /\(HTTP 409\)/);

    const canceled = jsonResult(
      await cli(["cancel-run", "-x", second.transactionId, "--json"]),
      runStatusResponseSchema,
    );
    expect(canceled).toMatchObject({ status: "canceled", outcome: { delivered: false } });
    expectFailure(await cli(["result", "-x", second.transactionId, "--json"]), 5, /canceled/);

    // The FAILED report reaches the ledger; then the payer takes the payment back.
    await vi.waitFor(
      async () => {
        const payment = jsonResult(
          await cli(["payment", "-i", SLOW, "-t", "queued-1", "--json"]),
          paymentJson,
        );
        expect(payment.payment.outcomeName).toBe("FAILED");
      },
      { timeout: 60_000, interval: 1_000 },
    );
    const before = await balance();
    const refund = jsonResult(
      await cli(["refund", "-i", SLOW, "-t", "queued-1", "--json"]),
      paymentChangeJson,
    );
    expect(refund.status).toBe("REFUNDED");
    const gas = await gasFee(stack.ledgerUrl, refund.transactionHash);
    expect(await balance()).toBe(before + PRICE - gas);
  });
});
