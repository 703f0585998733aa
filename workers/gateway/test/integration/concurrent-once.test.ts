/**
 * Issue 12, "Done when": 50 concurrent executes on one payment still run exactly once, and the
 * AGENT's count of runs is checked, not only the gateway's answers (test/support/counting-agent).
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  address,
  execute,
  fundedAccount,
  ledger,
  operator,
  PRICE,
  uniqueId,
} from "../support/ledger-fixtures.js";
import { operatedProcess, waitForOutcome } from "../support/operated-process.js";
import { agentRun, agentRunsOf } from "../support/run-counts.js";

type Answer = { success: boolean; status?: string; error?: string; transactionId?: string };

describe("50 concurrent executes on one payment", () => {
  beforeAll(async () => {
    await ledger.fund({ address: address(operator), amount: 10_000_000_000n });
  });

  for (const fail of [false, true]) {
    it(`run exactly once on the agent when the run ${fail ? "fails" : "succeeds"}`, async () => {
      const { processId } = await operatedProcess(PRICE);
      const user = await fundedAccount();
      const taskId = uniqueId("task");
      await ledger.makePayment(user, { processId, taskId, amount: PRICE });
      // The requests arrive over ~500 ms while each run takes 100 ms, so some come while the
      // first run is open and some after it answered, while its report is still on its way
      // (hole 1's window). Half name the payment, half let the gateway pick it. Every body
      // differs, so no caller proof is a replay.
      const answers = await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          await new Promise((r) => setTimeout(r, i * 10));
          const res = await execute({
            processId,
            body: {
              userAddress: address(user),
              ...(i % 2 === 0 ? { taskId } : {}),
              data: { i, delayMs: 100, ...(fail ? { fail: "agent says no" } : {}) },
            },
            signer: user,
          });
          return { status: res.status, body: await res.json<Answer>() };
        }),
      );
      const ran = answers.filter(
        (a) => a.body.status === "completed" || a.body.status === "failed",
      );
      const refused = answers.filter((a) => a.body.error === "Payment required");
      // The agent's side first: one run on this payment, then the answers agree with it.
      const runs = await agentRunsOf({ processId, taskId });
      expect(runs, "runs the agent started on the one payment").toHaveLength(1);
      expect(ran).toHaveLength(1);
      expect(refused).toHaveLength(49);
      expect(ran[0]?.status).toBe(fail ? 400 : 200);
      expect(runs).toEqual([ran[0]?.body.transactionId]);
      expect((await agentRun(runs[0] ?? ""))?.taskId).toBe(taskId);

      // The outcome of that one run is what lands on the ledger, and afterwards nothing runs.
      const record = await waitForOutcome({ processId, taskId, payer: address(user) });
      expect(record.outcome).toBe(fail ? 2 : 1);
      const late = await execute({
        processId,
        body: { userAddress: address(user), taskId, data: { late: true } },
        signer: user,
      });
      expect(late.status).toBeGreaterThanOrEqual(400);
      expect(late.status).toBeLessThan(500);
      expect(await late.json()).toMatchObject({ error: "Payment required" });
      expect(await agentRunsOf({ processId, taskId })).toHaveLength(1);
    });
  }
});
