import { env, runInDurableObject } from "cloudflare:test";
import { Account, AptosApiError, type InputEntryFunctionData } from "@aptos-labs/ts-sdk";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEVNODE_MODULE_ADDRESS } from "#shared/contract";
import { SqlBank } from "../../src/engine/bank.js";
import { escrowVaultAddress } from "../../src/engine/vault.js";
import { devnodeAptos, instanceFetcher } from "./sdk-client.js";

const APT = 100_000_000;
const RUNS = 2;
const OPS_PER_RUN = 1000;
const USERS = 4;

type Op =
  | { kind: "fund"; user: number; amount: number }
  | { kind: "register"; owner: number; price: number | null }
  | { kind: "pay"; payer: number; process: number; amount: number }
  | { kind: "release" | "refund"; payment: number }
  | { kind: "cancel" | "settle"; caller: number; payment: number }
  | { kind: "report"; caller: number; payment: number; delivered: boolean }
  | { kind: "advance"; seconds: number };

const user = fc.nat({ max: USERS - 1 });
const index = fc.nat({ max: 1_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("fund" as const),
      user,
      amount: fc.integer({ min: 1, max: 20 * APT }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("register" as const),
      owner: user,
      price: fc.option(fc.integer({ min: 1, max: APT }), { nil: null }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("pay" as const),
      payer: user,
      process: index,
      amount: fc.integer({ min: 1, max: 2 * APT }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom("release" as const, "refund" as const),
      payment: index,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom("cancel" as const, "settle" as const),
      caller: user,
      payment: index,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("report" as const),
      caller: user,
      payment: index,
      delivered: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("advance" as const),
      seconds: fc.constantFrom(60, 3_600, 700_000),
    }),
  },
);

interface Ledger {
  minted: bigint;
  burned: bigint;
  balances: bigint;
  vault: bigint;
  escrow: bigint;
}

/** Reads the conservation figures inside the instance, in one synchronous pass over its SQLite. */
function readLedger(instance: string): Promise<Ledger> {
  const stub = env.DEVNODE.get(env.DEVNODE.idFromName(instance));
  return runInDurableObject(stub, (_object, state) => {
    const bank = new SqlBank(state.storage.sql);
    let escrow = 0n;
    for (const row of state.storage.sql.exec<{ amount: string }>(
      "SELECT amount FROM pkg_payments WHERE status = 0",
    )) {
      escrow += BigInt(row.amount);
    }
    return {
      minted: bank.totalMinted(),
      burned: bank.totalBurned(),
      balances: bank.sumOfBalances(),
      vault: bank.balance(escrowVaultAddress(DEVNODE_MODULE_ADDRESS)),
      escrow,
    };
  });
}

async function runSequence(ops: Op[], tally: Map<string, number>): Promise<void> {
  const instance = `conservation-${crypto.randomUUID()}`;
  const aptos = devnodeAptos(instanceFetcher(instance));
  const users = Array.from({ length: USERS }, () => Account.generate());
  const sequence = users.map(() => 0n);
  const processes: { id: string; owner: number }[] = [];
  const payments: { process: string; task: string; payer: number }[] = [];
  let counter = 0;

  const submit = async (
    signer: number,
    fn: string,
    functionArguments: InputEntryFunctionData["functionArguments"],
  ) => {
    const account = users[signer] as Account;
    const transaction = await aptos.transaction.build.simple({
      sender: account.accountAddress,
      data: {
        function: `${DEVNODE_MODULE_ADDRESS}::${fn}` as `${string}::${string}::${string}`,
        functionArguments,
      },
      options: { accountSequenceNumber: sequence[signer], maxGasAmount: 1_000, gasUnitPrice: 100 },
    });
    try {
      const pending = await aptos.signAndSubmitTransaction({ signer: account, transaction });
      sequence[signer] = (sequence[signer] ?? 0n) + 1n;
      const done = await aptos.getTransactionByHash({ transactionHash: pending.hash });
      const success = "success" in done && done.success;
      const key = `${fn}:${success ? "ok" : "abort"}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
      return success;
    } catch (error) {
      // Refused before execution (a sender without gas money): nothing may change.
      if (!(error instanceof AptosApiError) || error.status !== 400) throw error;
      tally.set(`${fn}:rejected`, (tally.get(`${fn}:rejected`) ?? 0) + 1);
      return false;
    }
  };
  const pick = <T>(list: T[], i: number): T | undefined =>
    list.length ? list[i % list.length] : undefined;
  const addr = (i: number) => (users[i] as Account).accountAddress;

  for (const step of ops) {
    switch (step.kind) {
      case "fund":
        await aptos.fundAccount({ accountAddress: addr(step.user), amount: step.amount });
        break;
      case "register": {
        const id = `p-${counter++}`;
        const priced = step.price !== null;
        const ok = await submit(step.owner, "process_registry::register_process", [
          id,
          "Process",
          "",
          "https://example.com",
          addr(step.owner),
          [],
          [],
          [],
          0,
          priced,
          step.price ?? 0,
          "APT",
          priced,
        ]);
        if (ok) processes.push({ id, owner: step.owner });
        break;
      }
      case "pay": {
        const process = pick(processes, step.process);
        if (!process) break;
        const task = `t-${counter++}`;
        if (await submit(step.payer, "payment::make_payment", [process.id, task, step.amount])) {
          payments.push({ process: process.id, task, payer: step.payer });
        }
        break;
      }
      case "release":
      case "refund": {
        const p = pick(payments, step.payment);
        if (!p) break;
        const fn = step.kind === "release" ? "payment::release_payment" : "payment::request_refund";
        await submit(p.payer, fn, [p.process, p.task]);
        break;
      }
      case "cancel":
      case "settle":
      case "report": {
        const p = pick(payments, step.payment);
        if (!p) break;
        // The provider is the natural caller of cancel and report; a random one is also tried.
        const provider = processes.find((x) => x.id === p.process)?.owner ?? step.caller;
        const caller = step.caller % 2 === 0 ? provider : step.caller;
        const key = [p.process, p.task, addr(p.payer)];
        if (step.kind === "report") {
          await submit(caller, "payment::report_outcome", [
            ...key,
            step.delivered,
            new Uint8Array([1, 2, 3]),
          ]);
        } else {
          await submit(caller, `payment::${step.kind}_payment`, key);
        }
        break;
      }
      case "advance":
        await env.DEVNODE.get(env.DEVNODE.idFromName(instance)).advanceClock(step.seconds);
        break;
    }
    const ledger = await readLedger(instance);
    // Everything minted is somewhere: in a balance (the vault's included) or burned as gas.
    expect(ledger.balances + ledger.burned).toBe(ledger.minted);
    expect(ledger.vault).toBe(ledger.escrow);
  }
}

describe("conservation of APT on the devnode", () => {
  it("keeps minted = balances + vault + gas and vault = ESCROW sum over random operation sequences", async () => {
    const tally = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: OPS_PER_RUN, maxLength: OPS_PER_RUN }), (ops) =>
        runSequence(ops, tally),
      ),
      { numRuns: RUNS, endOnFailure: true },
    );
    // The sequences really exercised the escrow: payments were made and ended in every way.
    for (const fn of [
      "payment::make_payment",
      "payment::release_payment",
      "payment::cancel_payment",
      "payment::report_outcome",
      "process_registry::register_process",
    ]) {
      expect(tally.get(`${fn}:ok`) ?? 0, fn).toBeGreaterThan(0);
    }
    expect(
      (tally.get("payment::settle_payment:ok") ?? 0) +
        (tally.get("payment::request_refund:ok") ?? 0),
    ).toBeGreaterThan(0);
  }, 600_000);
});
