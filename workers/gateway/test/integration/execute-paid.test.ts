import type { Ed25519Account } from "@aptos-labs/ts-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { CALLER_TIMESTAMP_HEADER } from "#shared/auth/caller-proof";
import { SELF } from "../support/checked-self.js";
import {
  address,
  execute,
  fundedAccount,
  GATEWAY,
  operator,
  pay,
  registerProcess,
  testProcess,
  uniqueId,
} from "../support/ledger-fixtures.js";

type Answer = {
  success: boolean;
  status?: string;
  error?: string;
  code?: string;
  processId?: string;
  result?: { runId: string };
};

async function verified(processId: string, user: Ed25519Account): Promise<boolean> {
  const res = await SELF.fetch(`${GATEWAY}/api/payment/verify/${processId}/${address(user)}`);
  expect(res.status).toBe(200);
  return (await res.json<{ verified: boolean }>()).verified;
}

describe("execute, process that requires prepayment", () => {
  let processId: string;

  beforeAll(async () => {
    processId = await testProcess("paid");
  });

  it("answers 400 Payment required, naming the process, when the caller has not paid", async () => {
    const user = await fundedAccount();
    const res = await execute({ processId, body: { userAddress: address(user) }, signer: user });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      success: false,
      error: "Payment required",
      processId,
    });
  });

  it("runs once on a payment, then asks for another payment", async () => {
    const user = await fundedAccount();
    await pay({ payer: user, processId });
    expect(await verified(processId, user)).toBe(true);
    const first = await execute({ processId, body: { userAddress: address(user) }, signer: user });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ success: true, status: "completed", processId });
    expect(await verified(processId, user)).toBe(false);
    const second = await execute({
      processId,
      body: { userAddress: address(user), data: { again: true } },
      signer: user,
    });
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ error: "Payment required" });
  });

  it("runs exactly one of 50 concurrent executes on one payment", async () => {
    const user = await fundedAccount();
    await pay({ payer: user, processId });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        execute({ processId, body: { userAddress: address(user), data: { i } }, signer: user }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(49);
    const bodies = await Promise.all(
      answers.filter((r) => r.status === 400).map((r) => r.json<Answer>()),
    );
    expect(new Set(bodies.map((b) => b.error))).toEqual(new Set(["Payment required"]));
  });

  it("refuses a caller proof signed by another key with 401 and runs nothing", async () => {
    const user = await fundedAccount();
    const mallory = await fundedAccount();
    await pay({ payer: user, processId });
    const res = await execute({ processId, body: { userAddress: address(user) }, signer: mallory });
    expect(res.status).toBe(401);
    const body = await res.json<Answer & { details: { reason: string } }>();
    expect(body).toMatchObject({ success: false, code: "unauthorized" });
    expect(body.details.reason).toBe("wrong_key");
    // Nothing was claimed: the payer can still use the payment.
    expect(await verified(processId, user)).toBe(true);
  });

  it("refuses an execute without a caller proof with 401", async () => {
    const user = await fundedAccount();
    await pay({ payer: user, processId });
    const res = await execute({ processId, body: { userAddress: address(user) }, signer: null });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "unauthorized" });
    expect(await verified(processId, user)).toBe(true);
  });

  it("refuses a proof more than five minutes old", async () => {
    const user = await fundedAccount();
    await pay({ payer: user, processId });
    const res = await execute({
      processId,
      body: { userAddress: address(user) },
      signer: user,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect(res.status).toBe(401);
    expect(await verified(processId, user)).toBe(true);
  });

  it("refuses a replayed request with 401 and runs nothing", async () => {
    const user = await fundedAccount();
    await pay({ payer: user, processId });
    await pay({ payer: user, processId });
    const timestamp = Math.floor(Date.now() / 1000);
    const request = { processId, body: { userAddress: address(user) }, signer: user, timestamp };
    const first = await execute(request);
    expect(first.status).toBe(200);
    const replay = await execute(request);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ details: { reason: "replayed_signature" } });
    // The second payment is still unused.
    expect(await verified(processId, user)).toBe(true);
  });

  it("uses the payment named by the body's taskId", async () => {
    const user = await fundedAccount();
    const older = await pay({ payer: user, processId });
    const newer = await pay({ payer: user, processId });
    const run = (taskId: string, n: number) =>
      execute({
        processId,
        body: { userAddress: address(user), taskId, data: { n } },
        signer: user,
      });
    expect((await run(newer, 1)).status).toBe(200);
    expect((await run(newer, 2)).status).toBe(400);
    expect((await run(uniqueId("unknown"), 3)).status).toBe(400);
    expect((await run(older, 4)).status).toBe(200);
  });

  it("refuses a paid run when the process does not list the operator, before claiming anything", async () => {
    const owner = await fundedAccount();
    const id = await registerProcess({ owner, paid: true, serviceUrl: "service://ECHO_PAID" });
    const user = await fundedAccount();
    await pay({ payer: user, processId: id });
    const res = await execute({
      processId: id,
      body: { userAddress: address(user) },
      signer: user,
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      success: false,
      code: "paid_runs_unavailable",
      details: { reason: "operator_not_an_agent", operator: address(operator) },
    });
    // Nothing claimed: the payment is still usable where it can be reported.
    expect(await verified(id, user)).toBe(true);
  });

  it("refuses a caller proof made for another gateway's origin", async () => {
    const user = await fundedAccount();
    await pay({ payer: user, processId });
    const res = await execute({
      processId,
      body: { userAddress: address(user) },
      signer: user,
      origin: "https://other-gateway.example",
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ details: { reason: "wrong_origin" } });
    expect(await verified(processId, user)).toBe(true);
  });

  it("replays an idempotent paid execute without running or paying again", async () => {
    const user = await fundedAccount();
    await pay({ payer: user, processId });
    const key = { "idempotency-key": uniqueId("key") };
    const body = { userAddress: address(user), data: { job: 1 } };
    // A fresh proof on the retry (a proof is taken once): another timestamp, with the payment
    // already used.
    const now = Math.floor(Date.now() / 1000);
    const first = await execute({ processId, body, signer: user, headers: key, timestamp: now });
    expect(first.status).toBe(200);
    const retry = await execute({
      processId,
      body,
      signer: user,
      headers: key,
      timestamp: now - 1,
    });
    expect(retry.status).toBe(200);
    const [a, b] = [await first.json<Answer>(), await retry.json<Answer>()];
    expect(b.result?.runId).toBe(a.result?.runId);
    const other = await execute({
      processId,
      body: { ...body, data: { job: 2 } },
      signer: user,
      headers: key,
    });
    expect(other.status).toBe(409);
  });

  it("still checks the caller proof before answering from the idempotency store", async () => {
    const user = await fundedAccount();
    const mallory = await fundedAccount();
    await pay({ payer: user, processId });
    const key = { "idempotency-key": uniqueId("key") };
    const body = { userAddress: address(user), data: { secret: 1 } };
    expect((await execute({ processId, body, signer: user, headers: key })).status).toBe(200);
    const stolen = await execute({ processId, body, signer: mallory, headers: key });
    expect(stolen.status).toBe(401);
  });

  it("does not accept a timestamp header that is not whole seconds", async () => {
    const user = await fundedAccount();
    await pay({ payer: user, processId });
    const res = await execute({
      processId,
      body: { userAddress: address(user) },
      signer: user,
      headers: { [CALLER_TIMESTAMP_HEADER]: "yesterday" },
    });
    expect(res.status).toBe(401);
  });
});
