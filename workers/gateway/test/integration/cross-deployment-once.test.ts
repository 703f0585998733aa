/**
 * Issue 20, "Done when": two gateway deployments (the same operator key; distinct keys both
 * listed by the owner), 20 concurrent executes on one payment split across them: exactly one
 * run, counted at the agent. Each deployment has its own claims; the only state they share is
 * the ledger, where the run claim (payment::claim_run) is written once (docs/gateway.md, "One
 * payment, one attempt").
 */
import { Account, Ed25519PrivateKey, PrivateKey, PrivateKeyVariants } from "@aptos-labs/ts-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { SELF } from "../support/checked-self.js";
import {
  address,
  execute,
  fundedAccount,
  GATEWAY,
  ledger,
  operator,
  PRICE,
  uniqueId,
} from "../support/ledger-fixtures.js";
import { operatedProcess, waitForOutcome } from "../support/operated-process.js";
import { executeOn, type PeerGateway } from "../support/peer-gateways.js";
import { agentRunsOf } from "../support/run-counts.js";
import { TEST_OPERATOR_C_PRIVATE_KEY } from "../support/test-secrets.js";

type Answer = { success: boolean; status?: string; error?: string; code?: string };

const operatorC = Account.fromPrivateKey({
  privateKey: new Ed25519PrivateKey(
    PrivateKey.formatPrivateKey(TEST_OPERATOR_C_PRIVATE_KEY, PrivateKeyVariants.Ed25519),
  ),
});

describe("one payment, 20 concurrent executes split across two deployments", () => {
  beforeAll(async () => {
    await ledger.fund({ address: address(operator), amount: 10_000_000_000n });
    await ledger.fund({ address: address(operatorC), amount: 10_000_000_000n });
  });

  const pairs: { peer: PeerGateway; keys: string }[] = [
    { peer: "GATEWAY_B", keys: "the same operator key" },
    { peer: "GATEWAY_C", keys: "distinct operator keys, both listed" },
  ];
  for (const { peer, keys } of pairs) {
    it(`run exactly once on the agent with ${keys}`, async () => {
      // A paid process of the main operator on the counting agent, listing both operators.
      const { processId } = await operatedProcess(PRICE, { agents: [address(operatorC)] });
      const user = await fundedAccount();
      const taskId = uniqueId("task");
      await ledger.makePayment(user, { processId, taskId, amount: PRICE });
      // Every body differs, so no caller proof is a replay; half name the payment.
      const answers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          await new Promise((r) => setTimeout(r, (i >> 1) * 10));
          const body = {
            userAddress: address(user),
            ...(i % 4 < 2 ? { taskId } : {}),
            data: { i, delayMs: 100 },
          };
          const res =
            i % 2 === 0
              ? await execute({ processId, body, signer: user })
              : await executeOn(peer, { processId, body, signer: user });
          return { status: res.status, body: await res.json<Answer>() };
        }),
      );
      const runs = await agentRunsOf({ processId, taskId });
      expect(runs, "runs the agent started on the one payment").toHaveLength(1);
      const ran = answers.filter((a) => a.body.status === "completed");
      expect(ran).toHaveLength(1);
      // Every other request was refused before the agent, as a client error.
      for (const refused of answers.filter((a) => a.body.status !== "completed")) {
        expect(refused.status, JSON.stringify(refused.body)).toBeGreaterThanOrEqual(400);
        expect(refused.status, JSON.stringify(refused.body)).toBeLessThan(500);
        expect(refused.body.success).toBe(false);
      }

      // The one run's outcome lands; afterwards neither deployment runs on that payment.
      const record = await waitForOutcome({ processId, taskId, payer: address(user) });
      expect(record.outcome).toBe(1);
      expect(await ledger.runClaimedBy({ processId, taskId, payer: address(user) })).toMatch(
        /^0x[0-9a-f]{64}$/,
      );
      const late = await executeOn(peer, {
        processId,
        body: { userAddress: address(user), taskId, data: { late: true } },
        signer: user,
      });
      expect(late.status).toBe(400);
      expect(await agentRunsOf({ processId, taskId })).toHaveLength(1);
    });
  }

  it("answers 409 payment_claimed_elsewhere when another operator holds the run claim, and reports nothing", async () => {
    const { processId, providerAgent } = await operatedProcess(PRICE);
    const user = await fundedAccount();
    const taskId = uniqueId("task");
    await ledger.makePayment(user, { processId, taskId, amount: PRICE });
    const key = { processId, taskId, payer: address(user) };
    // Another gateway, whose operator is the process's other agent, claimed this run.
    await ledger.claimRun({ signer: providerAgent, ...key });
    const res = await execute({
      processId,
      body: { userAddress: address(user), taskId, data: { x: 1 } },
      signer: user,
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ success: false, code: "payment_claimed_elsewhere" });
    expect(await agentRunsOf({ processId, taskId })).toEqual([]);
    // Its FAILED reservation was withdrawn: this gateway never reports on that payment.
    const reports = await SELF.fetch(`${GATEWAY}/api/reports/${processId}`);
    expect((await reports.json<{ reports: unknown[] }>()).reports).toEqual([]);
    expect((await ledger.getPaymentRecord(key))?.outcome).toBe(0);
    // The local claim stays final: a retry here runs nothing.
    const retry = await execute({
      processId,
      body: { userAddress: address(user), taskId, data: { x: 2 } },
      signer: user,
    });
    expect(retry.status).toBe(400);
    expect(await agentRunsOf({ processId, taskId })).toEqual([]);
  });
});
