/**
 * Pay and run in one request (docs/x402.md) against the local stack with the echo agent: the
 * from-scratch example client (Node built-ins only) and `agentgate run --pay`, checked on the
 * ledger (the payment, its outcome, the payer's balance) and by counting the gateway's requests.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { newFundedAccount, type TestAccount } from "./support/accounts.js";
import { balanceJson, paymentJson, txHashSchema } from "./support/cli-schemas.js";
import { registerPaidEcho, startCliStack, stopCliStack } from "./support/cli-stack.js";
import { gasFee } from "./support/gas-fee.js";
import { gatewayProxy } from "./support/gateway-proxy.js";
import { expectFailure, jsonResult } from "./support/json-output.js";
import type { LocalStack } from "./support/local-stack.js";
import { runCli } from "./support/run-cli.js";
import { expectOfferRefused, paymentTerms, runExample } from "./support/run-example.js";
import { TAMPERED_OFFERS, throughTamperedOffers } from "./support/tampered-offer.js";

const ECHO = "echo";
const PRICE = 1000n;

let stack: LocalStack;
let dir: string;
let env: Record<string, string>;

const cli = (args: string[], as?: TestAccount) =>
  runCli(as ? [...args, "-p", as.key] : args, { env });

const exampleOutput = z.object({
  status: z.literal(200),
  answer: z.looseObject({
    success: z.literal(true),
    transactionId: z.string(),
    result: z.unknown(),
  }),
  payment: z.looseObject({
    success: z.literal(true),
    transaction: txHashSchema,
    network: z.literal("aptos:4"),
    payer: z.string(),
    extra: z.looseObject({ processId: z.literal(ECHO), taskId: z.string() }),
  }),
});

const runPayJson = z.looseObject({
  success: z.literal(true),
  status: z.literal("completed"),
  taskId: z.string(),
  result: z.unknown(),
  payment: z.strictObject({
    taskId: z.string(),
    amount: z.string(),
    transactionHash: txHashSchema,
    explorerUrl: z.string().optional(),
  }),
});

async function balanceOf(account: TestAccount): Promise<bigint> {
  return BigInt(jsonResult(await cli(["balance", account.address, "--json"]), balanceJson).balance);
}

/** Waits for the gateway's outcome report of a paid run (sent as the answer goes out). */
async function deliveredPayment(payer: TestAccount, taskId: string) {
  return vi.waitFor(
    async () => {
      const record = jsonResult(
        await cli(["payment", "-i", ECHO, "-t", taskId, "-u", payer.address, "--json"]),
        paymentJson,
      ).payment;
      expect(record.outcomeName).toBe("DELIVERED");
      return record;
    },
    { timeout: 20_000, interval: 500 },
  );
}

/** The x402 example paying for echo through `gateway`, with the payer's terms at the price. */
const x402Example = (payer: TestAccount, gateway: string, terms = paymentTerms(stack, PRICE)) =>
  runExample({
    example: "x402-pay-and-run.mjs",
    argv: [gateway, ECHO, '{"text":"from scratch"}'],
    env: { AGENTGATE_PRIVATE_KEY: payer.key, ...terms },
  });

beforeAll(async () => {
  const setup = await startCliStack("agentgate-pay-and-run-", {
    agentConfigs: ["workers/agent/examples/echo/wrangler.jsonc"],
  });
  ({ stack, dir, env } = setup);
  await registerPaidEcho(setup, PRICE);
});

afterAll(() => stopCliStack(stack, dir));

describe("the from-scratch x402 client (docs/examples/x402-pay-and-run.mjs)", () => {
  it("pays and runs once; the ledger shows the payment delivered and the payer down by price and gas", async () => {
    const payer = await newFundedAccount({ dir, name: "example-payer", env });
    const before = await balanceOf(payer);
    const { code, stdout, stderr } = await x402Example(payer, stack.gatewayUrl ?? "");
    expect(code, stderr).toBe(0);
    const { answer, payment } = exampleOutput.parse(JSON.parse(stdout));
    expect(answer.result).toMatchObject({ echo: { text: "from scratch" } });
    expect(payment.payer).toBe(payer.address);
    const record = await deliveredPayment(payer, payment.extra.taskId);
    expect(record).toMatchObject({ amount: PRICE.toString(), payer: payer.address });
    const fee = await gasFee(stack.ledgerUrl, payment.transaction);
    expect(fee).toBeGreaterThan(0n);
    expect(await balanceOf(payer)).toBe(before - PRICE - fee);
  });

  it.each(TAMPERED_OFFERS)(
    "refuses an offer tampered on the way to $what: nothing signed, nothing spent",
    async ({ payer: name, tamper, why }) => {
      const payer = await newFundedAccount({ dir, name, env });
      const before = await balanceOf(payer);
      const { result, seen } = await throughTamperedOffers({
        gateway: stack.gatewayUrl ?? "",
        tamper,
        run: (url) => x402Example(payer, url),
      });
      expectOfferRefused(result, why);
      // It asked once and sent no payment.
      expect(seen).toEqual([`POST /api/execute/${ECHO}`]);
      expect(await balanceOf(payer)).toBe(before);
    },
  );

  it("refuses an honest offer over AGENTGATE_MAX_PRICE, and pays nothing without the payer's terms", async () => {
    const payer = await newFundedAccount({ dir, name: "frugal-payer", env });
    const before = await balanceOf(payer);
    const cheap = await x402Example(payer, stack.gatewayUrl ?? "", paymentTerms(stack, PRICE - 1n));
    expect(cheap.code).toBe(1);
    expect(cheap.stderr).toMatch(/it pays 1000 octas, over AGENTGATE_MAX_PRICE 999/);
    const { AGENTGATE_MODULE_ADDRESS: _, ...withoutPackage } = paymentTerms(stack, PRICE);
    const unset = await x402Example(payer, stack.gatewayUrl ?? "", withoutPackage);
    expect(unset.code).toBe(2);
    expect(unset.stderr).toMatch(
      /^set AGENTGATE_MODULE_ADDRESS .* to pay: the gateway's word is not taken for them\n$/,
    );
    expect(await balanceOf(payer)).toBe(before);
  });
});

describe("agentgate run --pay", () => {
  it("pays and runs in one gateway request and prints the payment's transaction and task id", async () => {
    const payer = await newFundedAccount({ dir, name: "cli-payer", env });
    const before = await balanceOf(payer);
    const proxy = await gatewayProxy({ target: stack.gatewayUrl ?? "" });
    try {
      const body = jsonResult(
        await cli(
          [
            "run",
            "-i",
            ECHO,
            "--pay",
            "--amount",
            "1200",
            "-t",
            "one-request",
            "-d",
            '{"text":"one"}',
            "--gateway",
            proxy.url,
            "--json",
          ],
          payer,
        ),
        runPayJson,
      );
      expect(body.result).toMatchObject({ echo: { text: "one" } });
      expect(body.payment).toMatchObject({ taskId: "one-request", amount: "1200" });
      // The payment and the run: one POST; the logs read after it is the only other request.
      expect(proxy.seen.filter((line) => !line.startsWith("GET /api/logs/"))).toEqual([
        `POST /api/execute/${ECHO}`,
      ]);
      const record = await deliveredPayment(payer, "one-request");
      expect(record.amount).toBe("1200");
      const fee = await gasFee(stack.ledgerUrl, body.payment.transactionHash);
      expect(await balanceOf(payer)).toBe(before - 1200n - fee);
    } finally {
      proxy.close();
    }
  });

  it("prints the gateway's reason and exits 5 for a payment below the price, spending nothing", async () => {
    const payer = await newFundedAccount({ dir, name: "under-payer", env });
    const before = await balanceOf(payer);
    expectFailure(
      await cli(["run", "-i", ECHO, "--pay", "--amount", "999", "-d", "{}"], payer),
      5,
      /payment refused: .*(price|amount).*\(HTTP 402\)/i,
    );
    expect(await balanceOf(payer)).toBe(before);
  });

  it("is a usage error with --user instead of a key", async () => {
    const payer = await newFundedAccount({ dir, name: "no-key", env });
    expectFailure(
      await cli(["run", "-i", ECHO, "--pay", "--amount", "1000", "-u", payer.address]),
      2,
      /--pay needs a key/,
    );
  });
});
