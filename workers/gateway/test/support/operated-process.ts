import type { Account } from "@aptos-labs/ts-sdk";
import { vi } from "vitest";
import { OUTCOME } from "#shared/contract/status";
import { isLedgerError } from "#shared/ledger/errors";
import type { LedgerPaymentRecord } from "#shared/ledger/records";
import { processFieldsOf } from "#shared/ledger/registry";
import { address, fundedAccount, ledger, operator, uniqueId } from "./ledger-fixtures.js";
import { COUNTING_SERVICE_URL } from "./run-counts.js";

/**
 * Runs a transaction signed by the gateway's operator key from a test. The gateway's reporter
 * signs with the same account, so a report in flight can take the sequence number this one was
 * built with: the node then refuses it before execution (nothing changed), and it is sent again.
 * A retry of a send with back-off that stops at once on any other error, not a wait for a state,
 * so it stays a loop rather than vi.waitFor (which retries every error until its timeout).
 */
export async function asOperator<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= 5 || !isLedgerError(error, "rejected")) throw error;
      await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
    }
  }
}

export type OperatedProcess = {
  processId: string;
  /** The process's payment address: a fresh account, so what it receives can be counted. */
  receiver: Account;
  /** A second agent of the process: reports outcomes on the provider side, as a test party. */
  providerAgent: Account;
};

/**
 * A fresh paid process on the counting agent, OWNED by the gateway's operator account and
 * listing it among its agents: the gateway can report its outcomes, and it is a process the
 * operator serves whatever owner allow-list the gateway applies (issue 12: by default only the
 * operator's own processes). Its payment address is a fresh receiver. `agents` are listed too
 * (e.g. another deployment's operator).
 */
export async function operatedProcess(
  price: bigint,
  options: { agents?: string[] } = {},
): Promise<OperatedProcess> {
  const [receiver, providerAgent] = await Promise.all([
    fundedAccount(100_000_000n),
    fundedAccount(1_000_000_000n),
  ]);
  const processId = uniqueId("op");
  await asOperator(() =>
    ledger.registerProcess({
      signer: operator,
      id: processId,
      process: {
        name: "Counting echo",
        description: "issue 12 tests",
        serviceUrl: COUNTING_SERVICE_URL,
        paymentAddress: address(receiver),
        agents: [address(operator), address(providerAgent), ...(options.agents ?? [])],
        tags: ["echo"],
        status: "active",
        pricing: { taskPrice: price, requiresPrepayment: true },
      },
    }),
  );
  return { processId, receiver, providerAgent };
}

/** Sets a process's task price (the owner, the operator, signs), keeping every other field. */
export async function setPrice(processId: string, price: bigint): Promise<void> {
  const process = await ledger.getProcess(processId);
  if (process === null) throw new Error(`no process ${processId}`);
  const fields = processFieldsOf(process);
  await asOperator(() =>
    ledger.updateProcess({
      signer: operator,
      id: processId,
      process: { ...fields, pricing: { taskPrice: price, requiresPrepayment: true } },
    }),
  );
}

/**
 * The payment's record once an outcome is on it (the gateway reports after answering, from its
 * reporter's queue), or once it left escrow; fails the test when neither happens in `timeout` ms.
 */
export async function waitForOutcome(
  args: { processId: string; taskId: string; payer: string },
  timeout = 15_000,
): Promise<LedgerPaymentRecord> {
  return vi.waitFor(
    async () => {
      const record = await ledger.getPaymentRecord(args);
      if (record === null) throw new Error(`no payment ${args.taskId}`);
      if (record.outcome === OUTCOME.NONE && record.status === 0) {
        throw new Error(`no outcome yet on ${args.taskId}`);
      }
      return record;
    },
    { timeout, interval: 25 },
  );
}
