// The run page's ledger outcome without a browser (docs/console.md, "A run's ledger outcome"):
// the report_outcome transaction is looked for among the reporters' transactions since the
// payment, a page at a time from the newest, so a busy operator's report is found behind a
// hundred later transactions; the search stops at transactions older than the payment.
import { afterEach, describe, expect, it, vi } from "vitest";
import { OUTCOME, PAYMENT_STATUS } from "#shared/contract/status";
import { readRunLedger } from "../../console/src/run-ledger-outcome.js";

const MODULE = `0x${"a1".repeat(32)}`;
const PAYER = `0x${"b2".repeat(32)}`;
const OPERATOR = `0x${"c3".repeat(32)}`;
const OWNER = `0x${"d4".repeat(32)}`;
const PAID_AT = 1_000_000n;

const record = {
  process_id: "paid-report",
  task_id: "task-1",
  payer: PAYER,
  receiver: OWNER,
  provider: OWNER,
  amount: "1000",
  status: PAYMENT_STATUS.ESCROW,
  outcome: OUTCOME.DELIVERED,
  created_at: "1",
  settle_time: "2",
};

/** The operator's transaction `seq`: its report of this payment at `reportAt`, else another. */
function operatorTx(seq: number, reportAt: number) {
  const report = seq === reportAt;
  return {
    hash: `0x${seq.toString(16).padStart(64, "0")}`,
    sender: OPERATOR,
    success: true,
    sequence_number: `${seq}`,
    timestamp: `${PAID_AT + 10n + BigInt(seq)}`,
    payload: {
      function: `${MODULE}::payment::${report ? "report_outcome" : "claim_run"}`,
      arguments: ["paid-report", report ? "task-1" : `task-${seq}`, PAYER],
    },
  };
}

/** A relay and gateway answering as the ledger would, the operator with `count` transactions. */
function fakeLedger(count: number, reportAt: number) {
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
    const url = new URL(input, "http://console");
    asked.push(`${init?.method ?? "GET"} ${url.pathname}${url.search}`);
    const json = (body: unknown) => Response.json(body);
    if (url.pathname.startsWith("/console/ledger/v1/transactions/by_hash/")) {
      return json({
        hash: "0xpay",
        sender: PAYER,
        success: true,
        sequence_number: "0",
        timestamp: `${PAID_AT}`,
        payload: { arguments: ["paid-report", "task-1", "1000"] },
      });
    }
    if (url.pathname === "/console/ledger/v1/view") return json([record]);
    if (url.pathname === "/api/process/paid-report") {
      return json({
        process: {
          id: "paid-report",
          name: "Paid report",
          description: "",
          owner: OWNER,
          tags: [],
          status: "active",
          agents: [OPERATOR],
        },
      });
    }
    if (url.pathname === `/console/ledger/v1/accounts/${OPERATOR}`) {
      return json({ sequence_number: `${count}` });
    }
    if (url.pathname === `/console/ledger/v1/accounts/${OPERATOR}/transactions`) {
      const start = Number(url.searchParams.get("start"));
      const limit = Number(url.searchParams.get("limit"));
      const seqs = Array.from({ length: Math.min(limit, count - start) }, (_, i) => start + i);
      return json(seqs.map((seq) => operatorTx(seq, reportAt)));
    }
    return json([]);
  });
  return asked;
}

const pagesAsked = (asked: string[]) => asked.filter((line) => line.includes("/transactions?"));

describe("a run's outcome transaction on the ledger", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is found behind a hundred later transactions of the operator", async () => {
    const asked = fakeLedger(250, 120);
    const read = await readRunLedger({ paymentHash: "0xpay", moduleAddress: MODULE });
    expect(read).toMatchObject({ ok: true, value: { outcomeHash: operatorTx(120, 120).hash } });
    expect(pagesAsked(asked)).toEqual([
      `GET /console/ledger/v1/accounts/${OPERATOR}/transactions?start=150&limit=100`,
      `GET /console/ledger/v1/accounts/${OPERATOR}/transactions?start=50&limit=100`,
    ]);
  });

  it("stops at the operator's first transaction when none reports it", async () => {
    const asked = fakeLedger(150, -1);
    const read = await readRunLedger({ paymentHash: "0xpay", moduleAddress: MODULE });
    expect(read).toMatchObject({ ok: true, value: { outcomeHash: null } });
    expect(pagesAsked(asked).length).toBeLessThanOrEqual(2 + 10);
    expect(pagesAsked(asked)[1]).toContain("start=0&limit=100");
  });
});
