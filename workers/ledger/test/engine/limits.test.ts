import { describe, expect, it } from "vitest";
import { type AbortName, LIMITS } from "#shared/contract";
import type { MoveArg } from "../../src/engine/types.js";
import { AGENT, ALICE, BOB, pricedSetup, processFields, register } from "./fixtures.js";
import { ADMIN, type Ledger, withLedger } from "./ledger.js";

const x = (n: number) => "x".repeat(n);
/** "é" is two UTF-8 bytes: limits count bytes, not characters. */
const e2 = (bytes: number) => "é".repeat(bytes / 2);

interface LimitCase {
  what: string;
  ok: Record<string, MoveArg>;
  over: Record<string, MoveArg>;
  abort: AbortName;
}

const registryCases: LimitCase[] = [
  {
    what: "id bytes",
    ok: { id: x(LIMITS.MAX_ID_BYTES) },
    over: { id: x(65) },
    abort: "EINVALID_ID",
  },
  { what: "id charset", ok: { id: "A-z_0.9" }, over: { id: "a/b" }, abort: "EINVALID_ID" },
  { what: "id non-ASCII", ok: { id: "ok" }, over: { id: "é" }, abort: "EINVALID_ID" },
  {
    what: "name bytes",
    ok: { name: e2(LIMITS.MAX_NAME_BYTES) },
    over: { name: `${e2(LIMITS.MAX_NAME_BYTES)}x` },
    abort: "EINVALID_NAME",
  },
  { what: "empty name", ok: { name: "n" }, over: { name: "" }, abort: "EINVALID_NAME" },
  {
    what: "description bytes",
    ok: { description: e2(LIMITS.MAX_DESCRIPTION_BYTES) },
    over: { description: x(LIMITS.MAX_DESCRIPTION_BYTES + 1) },
    abort: "EDESCRIPTION_TOO_LONG",
  },
  {
    what: "service_url bytes",
    ok: { service_url: `service://${x(LIMITS.MAX_SERVICE_URL_BYTES - 10)}` },
    over: { service_url: `service://${x(LIMITS.MAX_SERVICE_URL_BYTES - 9)}` },
    abort: "EINVALID_SERVICE_URL",
  },
  {
    what: "service_url scheme",
    ok: { service_url: "http://a" },
    over: { service_url: "ftp://a" },
    abort: "EINVALID_SERVICE_URL",
  },
  {
    what: "tag count",
    ok: { tags: Array(LIMITS.MAX_TAGS).fill("t") },
    over: { tags: Array(LIMITS.MAX_TAGS + 1).fill("t") },
    abort: "ETOO_MANY_TAGS",
  },
  {
    what: "tag bytes",
    ok: { tags: [e2(LIMITS.MAX_TAG_BYTES)] },
    over: { tags: ["ok", x(LIMITS.MAX_TAG_BYTES + 1)] },
    abort: "EINVALID_TAG",
  },
  {
    what: "agent count",
    ok: { agents: Array(LIMITS.MAX_AGENTS).fill(AGENT) },
    over: { agents: Array(LIMITS.MAX_AGENTS + 1).fill(AGENT) },
    abort: "ETOO_MANY_AGENTS",
  },
  {
    what: "workflow count",
    ok: { workflows: Array(LIMITS.MAX_WORKFLOWS).fill(x(LIMITS.MAX_ID_BYTES)) },
    over: { workflows: Array(LIMITS.MAX_WORKFLOWS + 1).fill("w") },
    abort: "ETOO_MANY_WORKFLOWS",
  },
  {
    what: "workflow id",
    ok: { workflows: ["w-1"] },
    over: { workflows: [x(LIMITS.MAX_ID_BYTES + 1)] },
    abort: "ETOO_MANY_WORKFLOWS",
  },
  { what: "status", ok: { status: 2 }, over: { status: 3 }, abort: "EINVALID_STATUS" },
  {
    what: "currency",
    ok: { has_pricing: true, currency: "APT" },
    over: { has_pricing: true, currency: "apt" },
    abort: "EUNSUPPORTED_CURRENCY",
  },
];

function registerArgs(overrides: Record<string, MoveArg>, n: number): Record<string, MoveArg> {
  const { id, ...fields } = overrides;
  return { id: id ?? `p${n}`, ...processFields(fields) };
}

describe("registry limits: at the limit passes, one over aborts", () => {
  for (const c of registryCases) {
    it(`${c.what}`, () =>
      withLedger((ledger) => {
        ledger.run(ALICE, "register_process", registerArgs(c.ok, 1));
        ledger.expectAbort(ALICE, "register_process", registerArgs(c.over, 2), c.abort);
      }));
  }
});

function workflowWithTasks(ledger: Ledger, count: number): void {
  ledger.run(ALICE, "create_workflow", { id: "wf", name: "w", description: "" });
  for (let i = 0; i < count; i++) ledger.run(ALICE, "add_task", task(`t${i}`));
}

function task(id: string, overrides: Record<string, MoveArg> = {}): Record<string, MoveArg> {
  return {
    workflow_id: "wf",
    task_id: id,
    name: "task",
    description: "",
    assignee: BOB,
    requester: ALICE,
    process_id: "",
    dependencies: [],
    ...overrides,
  };
}

describe("workflow limits: at the limit passes, one over aborts", () => {
  it("workflow id, name and description bytes", () =>
    withLedger((ledger) => {
      const ok = { id: x(64), name: e2(128), description: e2(1024) };
      ledger.run(ALICE, "create_workflow", ok);
      const over: [Record<string, MoveArg>, AbortName][] = [
        [{ ...ok, id: x(65) }, "EINVALID_ID"],
        [{ ...ok, id: "" }, "EINVALID_ID"],
        [{ ...ok, id: "w2", name: `${e2(128)}x` }, "EINVALID_NAME"],
        [{ ...ok, id: "w2", description: `${e2(1024)}x` }, "EDESCRIPTION_TOO_LONG"],
      ];
      for (const [args, abort] of over) ledger.expectAbort(ALICE, "create_workflow", args, abort);
    }));

  it("task id, name and description bytes", () =>
    withLedger((ledger) => {
      workflowWithTasks(ledger, 0);
      ledger.run(ALICE, "add_task", task(x(64), { name: e2(128), description: e2(1024) }));
      ledger.expectAbort(ALICE, "add_task", task(x(65)), "EINVALID_ID");
      ledger.expectAbort(ALICE, "add_task", task("t", { name: "" }), "EINVALID_NAME");
      ledger.expectAbort(
        ALICE,
        "add_task",
        task("t", { description: x(1025) }),
        "EDESCRIPTION_TOO_LONG",
      );
    }));

  it(`${LIMITS.MAX_TASKS} tasks a workflow`, () =>
    withLedger((ledger) => {
      workflowWithTasks(ledger, LIMITS.MAX_TASKS);
      ledger.expectAbort(ALICE, "add_task", task("one-more"), "ETOO_MANY_TASKS");
    }));

  it(`${LIMITS.MAX_DEPENDENCIES} dependencies a task`, () =>
    withLedger((ledger) => {
      workflowWithTasks(ledger, LIMITS.MAX_DEPENDENCIES + 1);
      const deps = Array.from({ length: LIMITS.MAX_DEPENDENCIES + 1 }, (_, i) => `t${i}`);
      ledger.run(ALICE, "add_task", task("ok", { dependencies: deps.slice(1) }));
      ledger.expectAbort(
        ALICE,
        "add_task",
        task("over", { dependencies: deps }),
        "ETOO_MANY_DEPENDENCIES",
      );
    }));
});

describe("payment limits: at the limit passes, one over aborts", () => {
  it("payment task id of 128 bytes of the id charset", () =>
    withLedger((ledger) => {
      pricedSetup(ledger);
      const pay = (task_id: string) => ({ process_id: "p1", task_id, amount: 100n });
      ledger.run(BOB, "make_payment", pay(x(LIMITS.MAX_PAYMENT_TASK_ID_BYTES)));
      ledger.expectAbort(BOB, "make_payment", pay(x(129)), "EINVALID_TASK_ID");
      ledger.expectAbort(BOB, "make_payment", pay(""), "EINVALID_TASK_ID");
      ledger.expectAbort(BOB, "make_payment", pay("a b"), "EINVALID_TASK_ID");
    }));

  it(`${LIMITS.MAX_OPEN_PAYMENTS} open payments per process and payer, freed when one ends`, () =>
    withLedger((ledger) => {
      pricedSetup(ledger);
      ledger.fund(ALICE, 100_000n);
      const pay = (payer: string, task_id: string) =>
        ledger.run(payer, "make_payment", { process_id: "p1", task_id, amount: 100n });
      for (let i = 0; i < LIMITS.MAX_OPEN_PAYMENTS; i++) pay(BOB, `t${i}`);
      ledger.expectAbort(
        BOB,
        "make_payment",
        { process_id: "p1", task_id: "t64", amount: 100n },
        "ETOO_MANY_OPEN_PAYMENTS",
      );
      ledger.expectAbort(
        BOB,
        "make_payment",
        { process_id: "p1", task_id: "t64", amount: 10n ** 12n },
        "EINSUFFICIENT_BALANCE",
      );
      pay(ALICE, "t64");
      ledger.run(BOB, "release_payment", { process_id: "p1", task_id: "t0" });
      pay(BOB, "t64");
      register(ledger, ALICE, "p2");
      ledger.run(BOB, "make_payment", { process_id: "p2", task_id: "t65", amount: 1n });
    }));

  it("result hash of 64 bytes", () =>
    withLedger((ledger) => {
      pricedSetup(ledger);
      for (const t of ["a", "b"]) {
        ledger.run(BOB, "make_payment", { process_id: "p1", task_id: t, amount: 100n });
      }
      const report = (task_id: string, n: number) => ({
        process_id: "p1",
        task_id,
        payer_addr: BOB,
        delivered: true,
        result_hash: new Uint8Array(n),
      });
      ledger.expectAbort(
        ALICE,
        "report_outcome",
        report("a", LIMITS.MAX_RESULT_HASH_BYTES + 1),
        "EINVALID_RESULT_HASH",
      );
      ledger.run(ALICE, "report_outcome", report("a", LIMITS.MAX_RESULT_HASH_BYTES));
    }));

  it("refund window of 3600..31536000 seconds, admin only", () =>
    withLedger((ledger) => {
      const set = (seconds: bigint) => ({ seconds });
      ledger.run(ADMIN, "set_refund_window", set(BigInt(LIMITS.MIN_REFUND_WINDOW_SECS)));
      ledger.run(ADMIN, "set_refund_window", set(BigInt(LIMITS.MAX_REFUND_WINDOW_SECS)));
      ledger.expectAbort(
        ADMIN,
        "set_refund_window",
        set(BigInt(LIMITS.MIN_REFUND_WINDOW_SECS - 1)),
        "EINVALID_REFUND_WINDOW",
      );
      ledger.expectAbort(
        ADMIN,
        "set_refund_window",
        set(BigInt(LIMITS.MAX_REFUND_WINDOW_SECS + 1)),
        "EINVALID_REFUND_WINDOW",
      );
      ledger.expectAbort(BOB, "set_refund_window", set(0n), "ENOT_ADMIN");
      expect(ledger.view("refund_window")).toEqual([String(LIMITS.MAX_REFUND_WINDOW_SECS)]);
    }));
});
