/**
 * `agentgate a2a send` against the local stack (README.md, "a2a send"): a free process's
 * result, a streamed one, an --async task that `result -x` reads, a paid process paid through
 * a2a-x402 with the CLI's key (receipt, balance down by price plus gas), and bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { FREE, PAID, startA2aStack } from "./support/a2a-stack.js";
import type { TestAccount } from "./support/accounts.js";
import { balanceJson } from "./support/cli-schemas.js";
import { stopCliStack } from "./support/cli-stack.js";
import { gasFee } from "./support/gas-fee.js";
import { gatewayProxy } from "./support/gateway-proxy.js";
import { expectFailure, jsonResult } from "./support/json-output.js";
import type { LocalStack } from "./support/local-stack.js";
import { runCli } from "./support/run-cli.js";

const PRICE = 1000n;

const sentJson = z.object({
  taskId: z.string(),
  state: z.string(),
  result: z.unknown(),
  receipt: z
    .object({ success: z.boolean(), payer: z.string(), transaction: z.string() })
    .nullable(),
});

let stack: LocalStack;
let dir: string;
let env: Record<string, string>;
let user: TestAccount;

const cli = (args: string[]) => runCli(args, { env });
const balance = async () =>
  BigInt(jsonResult(await cli(["balance", user.address, "--json"]), balanceJson).balance);

beforeAll(async () => {
  ({ stack, dir, env, user } = await startA2aStack("agentgate-a2a-send-", PRICE));
});

afterAll(() => stopCliStack(stack, dir));

describe("agentgate a2a send", () => {
  it("sends to a free process and prints the result artifact", async () => {
    const sent = jsonResult(
      await cli(["a2a", "send", "-i", FREE, "-d", '{"text":"One sentence here."}', "--json"]),
      sentJson,
    );
    expect(sent).toMatchObject({ state: "completed", result: { words: 3, sentences: 1 } });
    expect(sent.receipt).toBeNull();
  });

  it("--stream prints the run's updates on stderr, then the result", async () => {
    const result = await cli([
      "a2a",
      "send",
      "-i",
      FREE,
      "-d",
      '{"text":"Hi. Again."}',
      "--stream",
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ sentences: 2 });
    // The streamed updates, as `run` prints a run's events off a terminal (run-live-view.ts).
    expect(result.stderr).toMatch(/^status working$/m);
  });

  it("--async prints the task id and token; result -x reads the task as a run", async () => {
    const started = jsonResult(
      await cli(["a2a", "send", "-i", FREE, "-d", '{"text":"Later."}', "--async", "--json"]),
      z.object({ taskId: z.string(), accessToken: z.string().startsWith("agr_") }),
    );
    const watched = await cli(["watch", "-x", started.taskId]);
    expect(watched.code, watched.stderr).toBe(0);
    const read = await cli(["result", "-x", started.taskId, "--json"]);
    expect(JSON.parse(read.stdout)).toMatchObject({
      transactionId: started.taskId,
      status: "completed",
    });
  });

  it("pays a paid process with the CLI's key: the receipt is printed, the balance drops by price plus gas", async () => {
    const before = await balance();
    const sent = jsonResult(
      await cli(["a2a", "send", "-i", PAID, "-d", '{"hello":"a2a"}', "-p", user.key, "--json"]),
      sentJson,
    );
    expect(sent).toMatchObject({
      state: "completed",
      result: { echo: { hello: "a2a" } },
      receipt: { success: true, payer: user.address },
    });
    const gas = await gasFee(stack.ledgerUrl, sent.receipt?.transaction ?? "");
    expect(await balance()).toBe(before - PRICE - gas);
  });

  it("--async pays a paid process, then returns: watch -x follows the paid task with the kept token", async () => {
    const started = jsonResult(
      await cli(["a2a", "send", "-i", PAID, "-d", '{"n":2}', "-p", user.key, "--async", "--json"]),
      z.object({ taskId: z.string(), receipt: z.object({ success: z.literal(true) }) }),
    );
    const watched = await cli(["watch", "-x", started.taskId, "--json"]);
    expect(watched.code, watched.stderr).toBe(0);
    expect(JSON.parse(watched.stdout)).toMatchObject({ status: "completed" });
  });

  it("--stream pays a paid process too, and prints the result and the receipt as text", async () => {
    const result = await cli([
      "a2a",
      "send",
      "-i",
      PAID,
      "-d",
      '{"n":1}',
      "-p",
      user.key,
      "--stream",
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^paying 1000 octas for task /m);
    const [resultText, receiptText] = result.stdout.split(/^receipt /m);
    expect(JSON.parse(resultText ?? "")).toMatchObject({ echo: { n: 1 } });
    expect(JSON.parse(receiptText ?? "")).toMatchObject({ success: true, payer: user.address });
  });

  it("never signs what a tampered offer asks: a gateway (or a man in the middle) raising the amount gets nothing", async () => {
    // A proxy in front of the gateway that rewrites the offer's amount.
    const proxy = await gatewayProxy({
      target: stack.gatewayUrl ?? "",
      ownUrls: true,
      rewrite: ({ headers, body }) => ({
        headers,
        body: body.replaceAll(`"amount":"${PRICE}"`, `"amount":"${PRICE * 1000n}"`),
      }),
    });
    try {
      const before = await balance();
      expectFailure(
        await cli(["a2a", "send", "-i", PAID, "-d", "{}", "-p", user.key, "--gateway", proxy.url]),
        4,
        /asks 1000000 octas for echo, whose price on the ledger is 1000: not paid/,
      );
      expect(await balance()).toBe(before);
    } finally {
      proxy.close();
    }
  });

  it("says in one line what is wrong, with a non-zero exit", async () => {
    expectFailure(
      await cli(["a2a", "send", "-i", FREE, "-d", "{bad"]),
      2,
      /--data: not valid JSON/,
    );
    expectFailure(await cli(["a2a", "send", "-i", PAID]), 2, /echo is paid: give a key/);
    expectFailure(await cli(["a2a", "send", "-i", "no-such-process"]), 4, /no agent card at/);
    // Data the process's schema refuses: A2A's invalid params, nothing run.
    expectFailure(
      await cli(["a2a", "send", "-i", FREE, "-d", '{"text":5}']),
      5,
      /^error: a2a send text-stats: /,
    );
  });
});
