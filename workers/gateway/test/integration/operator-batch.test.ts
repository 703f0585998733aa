// The operator account's line sends the jobs that waited as one batch (docs/gateway.md,
// "Operator throughput"), against the devnode: the node's own batch route, its sequence numbers
// and its simulations, with the real transaction client (only watched, to count its batches).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { TransactionClient } from "#shared/ledger/transactions";
import { gatewayLedger } from "../../src/ledger/gateway-ledger.js";
import { simulatingSigner } from "../../src/outcome/operator-account.js";
import { OPERATOR_BATCH_MAX, sendOperatorBatch } from "../../src/outcome/operator-batch.js";
import type { OperatorJob } from "../../src/outcome/operator-job.js";
import { OperatorQueue } from "../../src/outcome/operator-queue.js";
import { OperatorSequence } from "../../src/outcome/operator-sequence.js";
import type {
  OutcomeReport,
  RunClaimResult,
  RunKey,
  SendResult,
} from "../../src/outcome/outcome-types.js";
import {
  address,
  fundedAccount,
  ledger,
  operator,
  pay,
  testProcess,
} from "../support/ledger-fixtures.js";

/** A line as the operator object builds it, over the real client, counting what it submits. */
function line(sequence = new OperatorSequence()) {
  const real = gatewayLedger(env).transactions;
  const batches: number[] = [];
  const requeued: OperatorJob[] = [];
  const transactions: TransactionClient = {
    ...real,
    submitBatch: (signed) => {
      batches.push(signed.length);
      return real.submitBatch(signed);
    },
  };
  const inFlight = new Set<Promise<unknown>>();
  const queue: OperatorQueue = new OperatorQueue(
    (jobs) =>
      sendOperatorBatch({
        jobs,
        deps: {
          signer: simulatingSigner(operator),
          transactions,
          sequence,
          inFlight,
          requeue: (job) => {
            requeued.push(job);
            queue.add(job);
          },
        },
      }),
    OPERATOR_BATCH_MAX,
  );
  const claim = (key: RunKey) =>
    new Promise<RunClaimResult>((done) => queue.add({ kind: "claim", key, attempt: 1, done }));
  const send = (report: OutcomeReport) =>
    new Promise<SendResult>((done) => queue.add({ kind: "report", report, attempt: 1, done }));
  return { claim, send, batches, requeued };
}

describe("the operator account's batches", () => {
  let processId: string;

  beforeAll(async () => {
    processId = await testProcess("operated");
  });

  async function payments(count: number): Promise<RunKey[]> {
    const payer = await fundedAccount();
    const keys: RunKey[] = [];
    for (let i = 0; i < count; i++) {
      keys.push({ processId, taskId: await pay({ payer, processId }), payer: address(payer) });
    }
    return keys;
  }

  it("sends claims that wait together in one batch, each answered by its own commit", async () => {
    const keys = await payments(6);
    const { claim, batches } = line();
    const results = await Promise.all(keys.map((key) => claim(key)));
    expect(results.map((r) => r.kind)).toEqual(keys.map(() => "claimed"));
    // The first claim starts the line alone; the five that waited behind it go in one batch.
    expect(batches).toEqual([1, 5]);
    for (const key of keys) expect(await ledger.runClaimedBy(key)).toBe(address(operator));
  });

  it("never sends a claim its simulation refuses, and sends the others of its batch", async () => {
    const [taken, fresh, fresh2] = await payments(3);
    const first = line();
    expect((await first.claim(taken as RunKey)).kind).toBe("claimed");
    const { claim, batches } = line();
    const [again, ...others] = await Promise.all(
      [taken, fresh, fresh2].map((k) => claim(k as RunKey)),
    );
    expect(again).toMatchObject({
      kind: "refused",
      reason: "claimed_elsewhere",
      abort: "ERUN_ALREADY_CLAIMED",
    });
    expect(others.map((r) => r.kind)).toEqual(["claimed", "claimed"]);
    // The refused claim started the line alone and submitted nothing; the two fresh ones that
    // waited behind it went in one batch.
    expect(batches).toEqual([2]);
  });

  it("sends a batch again on a fresh sequence number when another sender took its number", async () => {
    const keys = await payments(2);
    const sequence = new OperatorSequence();
    const { sequenceNumber } = await ledger.transactionContext(address(operator));
    // Kept from before another sender of the key (another deployment) used that number.
    await sequence.next(async () => ({ sequenceNumber: sequenceNumber - 1n, gasUnitPrice: 100n }));
    const { claim, requeued } = line(sequence);
    const results = await Promise.all(keys.map((key) => claim(key)));
    expect(results.map((r) => r.kind)).toEqual(["claimed", "claimed"]);
    expect(requeued.length).toBeGreaterThan(0);
    expect(requeued.every((job) => job.attempt === 2)).toBe(true);
  });

  it("answers a job that cannot be built alone, and sends the rest of its batch", async () => {
    const [first, second] = await payments(2);
    const { claim, send, batches } = line();
    const started = claim(first as RunKey);
    const [claimed, broken] = await Promise.all([
      claim(second as RunKey),
      send({ processId, taskId: "t", payer: "not-an-address", delivered: false, resultHash: "" }),
    ]);
    expect((await started).kind).toBe("claimed");
    expect(claimed.kind).toBe("claimed");
    expect(broken.kind).toBe("refused");
    // The first claim alone, then the second claim; the report that cannot be built sent nothing.
    expect(batches).toEqual([1, 1]);
  });
});
