/**
 * `run --pay` of the built CLI against one local HTTP server that answers as a ledger node and as
 * the gateway, with answers built by shared/src/x402 (docs/x402.md): what the CLI sends (one
 * execute request carrying a make_payment the server's parser accepts, no caller proof, nothing
 * submitted to the node) and how it prints a settled payment and each kind of refusal.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ed25519Address } from "#shared/ledger/entry-bcs";
import { decodeSignedTransaction } from "#shared/ledger/signed-transactions";
import { parseEscrowPayment } from "#shared/x402/escrow-scheme";
import {
  decodePaymentSignatureHeader,
  encodePaymentResponseHeader,
  PAYMENT_RESPONSE_HEADER,
} from "#shared/x402/transport";
import { txHashSchema } from "./support/cli-schemas.js";
import { expectFailure, jsonResult } from "./support/json-output.js";
import { ensureCliBuilt, runCli } from "./support/run-cli.js";

const KEY = `0x${"5e".repeat(32)}`;
const MODULE = `0x${"0".repeat(59)}a11ce`;
const HASH = `0x${"ab".repeat(32)}`;

interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** The gateway's answer to the execute request, per test; "drop" breaks the connection. */
let gatewayAnswer: (request: Recorded) =>
  | {
      status: number;
      headers?: Record<string, string>;
      body: unknown;
    }
  | "drop";
let seen: Recorded[];
let server: Server;
let base: string;
let payer: string;

const cli = (args: string[]) =>
  runCli([...args, "-p", KEY], {
    env: {
      APTOS_NETWORK: `${base}/v1`,
      APTOS_MODULE_ADDRESS: MODULE,
      AGENTGATE_GATEWAY_URL: base,
    },
  });

const runPay = (extra: string[] = []) =>
  cli(["run", "-i", "echo", "--pay", "--amount", "1500", "-t", "job-7", "-d", '{"a":1}', ...extra]);

beforeAll(async () => {
  await ensureCliBuilt();
  const { createPrivateKey, createPublicKey } = await import("node:crypto");
  const der = Buffer.concat([
    Buffer.from("302e020100300506032b657004220420", "hex"),
    Buffer.from(KEY.slice(2), "hex"),
  ]);
  const spki = createPublicKey(createPrivateKey({ key: der, format: "der", type: "pkcs8" })).export(
    {
      format: "der",
      type: "spki",
    },
  );
  payer = ed25519Address(new Uint8Array(spki.subarray(-32)));
  server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const path = req.url ?? "/";
    const recorded = { method: req.method ?? "", path, headers: req.headers, body };
    seen.push(recorded);
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
      res
        .writeHead(status, { "content-type": "application/json", ...headers })
        .end(JSON.stringify(value));
    if (path === `/v1/accounts/${payer}`)
      return json(200, { sequence_number: "3", authentication_key: payer });
    if (path === "/v1/estimate_gas_price") return json(200, { gas_estimate: 100 });
    if (path === "/v1" || path === "/v1/") return json(200, { chain_id: 4 });
    if (path === "/api/execute/echo") {
      const answer = gatewayAnswer(recorded);
      if (answer === "drop") return req.socket.destroy();
      return json(answer.status, answer.body, answer.headers);
    }
    return json(404, { success: false, error: "Not found" });
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

beforeEach(() => {
  seen = [];
});

afterAll(() => {
  server?.close();
});

const ranAnswer = (body: unknown, settle: Record<string, unknown>) => ({
  status: 200,
  headers: { [PAYMENT_RESPONSE_HEADER]: encodePaymentResponseHeader(settle as never) },
  body,
});

describe("run --pay (recorded answers)", () => {
  it("sends one execute request with the signed make_payment in PAYMENT-SIGNATURE and prints the payment", async () => {
    gatewayAnswer = () =>
      ranAnswer(
        {
          success: true,
          transactionId: "tx-1",
          processId: "echo",
          status: "completed",
          result: { echo: { a: 1 } },
          timestamp: new Date().toISOString(),
        },
        {
          success: true,
          transaction: HASH,
          network: "aptos:4",
          payer,
          extra: { processId: "echo", taskId: "job-7" },
        },
      );
    const body = jsonResult(
      await runPay(["--json"]),
      z.looseObject({
        success: z.literal(true),
        taskId: z.literal("job-7"),
        payment: z.strictObject({
          taskId: z.literal("job-7"),
          amount: z.literal("1500"),
          transactionHash: txHashSchema,
        }),
      }),
    );
    expect(body.payment.transactionHash).toBe(HASH);

    const executes = seen.filter((r) => r.path === "/api/execute/echo");
    expect(executes).toHaveLength(1);
    // Nothing submitted to the node: the gateway submits the payment.
    expect(seen.filter((r) => r.path.startsWith("/v1/transactions"))).toEqual([]);
    const execute = executes[0] as Recorded;
    expect(Object.keys(execute.headers).filter((h) => h.startsWith("x-agentgate-caller"))).toEqual(
      [],
    );
    expect(JSON.parse(execute.body)).toMatchObject({
      userAddress: payer,
      data: { a: 1 },
      taskId: "job-7",
    });
    const parsed = parseEscrowPayment(
      decodePaymentSignatureHeader(String(execute.headers["payment-signature"])),
      4,
    );
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.payment.accepted).toMatchObject({
      scheme: "escrow",
      network: "aptos:4",
      payTo: MODULE,
      amount: "1500",
    });
    expect(decodeSignedTransaction(parsed.signedTransaction, MODULE)).toMatchObject({
      sender: payer,
      sequenceNumber: 3n,
      entryFunction: "make_payment",
      chainId: 4,
      gasUnitPrice: 100n,
      args: { process_id: "echo", task_id: "job-7", amount: 1500n },
    });
  });

  it("with --async, prints the accepted run (202) with the payment of its PAYMENT-RESPONSE", async () => {
    const now = new Date().toISOString();
    const run = `${base}/api/runs/tx-2`;
    gatewayAnswer = () => ({
      ...ranAnswer(
        {
          success: true,
          transactionId: "tx-2",
          processId: "echo",
          status: "submitted",
          taskId: "job-7",
          accessToken: `agr_${"1f".repeat(32)}`,
          links: { run, events: `${run}/events`, cancel: `${run}/cancel` },
          expiresAt: now,
          timestamp: now,
        },
        {
          success: true,
          transaction: HASH,
          network: "aptos:4",
          payer,
          extra: { processId: "echo", taskId: "job-7" },
        },
      ),
      status: 202,
    });
    const body = jsonResult(
      await runPay(["--async", "--json"]),
      z.looseObject({
        transactionId: z.literal("tx-2"),
        status: z.literal("submitted"),
        accessToken: z.string(),
        payment: z.looseObject({ taskId: z.literal("job-7"), transactionHash: z.literal(HASH) }),
      }),
    );
    expect(body.accessToken).toMatch(/^agr_/);
    expect(seen.find((r) => r.path === "/api/execute/echo")?.headers.prefer).toBe("respond-async");
  });

  it("prints the gateway's reason for a refused payment, with the ledger's code, and exits 5", async () => {
    gatewayAnswer = () => ({
      status: 402,
      headers: {
        [PAYMENT_RESPONSE_HEADER]: encodePaymentResponseHeader({
          success: false,
          errorReason: "INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE",
          network: "aptos:4",
          transaction: "",
        }),
      },
      body: { success: false, error: "The ledger refused the payment", code: "payment_refused" },
    });
    expectFailure(
      await runPay(),
      5,
      /payment refused: The ledger refused the payment \(HTTP 402\) \[INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE\]/,
    );
  });

  it("prints a payment_invalid reason and exits 5; a claimed payment (409) too", async () => {
    gatewayAnswer = () => ({
      status: 402,
      body: {
        success: false,
        error: "amount 1500 is below the price 2000",
        code: "payment_invalid",
      },
    });
    expectFailure(await runPay(), 5, /below the price 2000 \(HTTP 402\)/);
    gatewayAnswer = () => ({
      status: 409,
      body: { success: false, error: "Payment already claimed", code: "payment_already_claimed" },
    });
    expectFailure(await runPay(), 5, /Payment already claimed \(HTTP 409\)/);
  });

  it("says how to run on the payment when it committed through another submission (409) or its fate is unknown", async () => {
    const runOnIt =
      /agentgate verify-payment -i echo -u 0x[0-9a-f]{64}`.*`agentgate run -i echo -t job-7`/;
    gatewayAnswer = () => ({
      status: 409,
      body: {
        success: false,
        error: "This make_payment committed before this request sent it",
        code: "payment_already_committed",
      },
    });
    const committed = await runPay();
    expectFailure(
      committed,
      5,
      /task job-7 is on the ledger but was committed by an earlier submission/,
    );
    expectFailure(committed, 5, runOnIt);
    gatewayAnswer = () => ({
      status: 504,
      body: { success: false, error: "Upstream timed out", code: "upstream_timeout" },
    });
    expectFailure(await runPay(), 4, /payment for task job-7 may have committed/);
    gatewayAnswer = () => "drop";
    const dropped = await runPay();
    expectFailure(dropped, 4, /gateway unreachable.*payment for task job-7 may have committed/);
    expectFailure(dropped, 4, runOnIt);
  });

  it("exits 1 when a run answer comes without the payment's PAYMENT-RESPONSE", async () => {
    gatewayAnswer = () => ({
      status: 200,
      body: {
        success: true,
        transactionId: "tx-2",
        processId: "echo",
        status: "completed",
        result: {},
        timestamp: new Date().toISOString(),
      },
    });
    expectFailure(await runPay(), 1, /no PAYMENT-RESPONSE/);
  });
});
