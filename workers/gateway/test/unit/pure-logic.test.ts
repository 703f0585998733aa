import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { GatewayContext } from "#shared/ledger/records";
import { PAYMENT_SETTLE_MARGIN_SECONDS } from "#shared/ledger/usable-payments";
import { parseAgentBindings, resolveAgentTarget } from "../../src/execute/agent-target.js";
import { checkPaidRun } from "../../src/execute/paid-run-refusal.js";
import { newTransactionId, UUID_V7 } from "../../src/execute/transaction-id.js";
import { usablePaymentTaskIds } from "../../src/execute/usable-payments.js";
import { listStatement } from "../../src/list/process-index-sql.js";

describe("newTransactionId", () => {
  it("makes distinct UUIDv7s that sort by time", () => {
    const a = newTransactionId(1_700_000_000_000);
    const b = newTransactionId(1_700_000_000_001);
    expect(a).toMatch(UUID_V7);
    expect(b).toMatch(UUID_V7);
    expect(a < b).toBe(true);
    expect(a.slice(0, 13)).toBe("018bcfe5-6800");
    expect(new Set(Array.from({ length: 100 }, () => newTransactionId())).size).toBe(100);
  });
});

function context(openPayments: GatewayContext["openPayments"], now = 1_000_000n): GatewayContext {
  return {
    processExists: true,
    status: 0,
    owner: `0x${"1".repeat(64)}`,
    serviceUrl: "service://ECHO_AGENT",
    pricing: { taskPrice: 1n, currency: "APT", requiresPrepayment: true },
    agents: [],
    openPayments,
    authenticationKey: new Uint8Array(32),
    now,
  };
}

describe("usablePaymentTaskIds", () => {
  const enough = 1_000_000n + PAYMENT_SETTLE_MARGIN_SECONDS + 1n;

  it("keeps payments with no outcome and a settle time beyond the settle margin", () => {
    const ctx = context([
      { taskId: "ok", amount: 1n, outcome: 0, settleTime: enough },
      { taskId: "delivered", amount: 1n, outcome: 1, settleTime: enough },
      { taskId: "failed", amount: 1n, outcome: 2, settleTime: enough },
      { taskId: "too-soon", amount: 1n, outcome: 0, settleTime: enough - 1n },
    ]);
    expect(usablePaymentTaskIds({ context: ctx })).toEqual(["ok"]);
  });

  it("keeps only payments that cover the process's current price", () => {
    const ctx = context([
      { taskId: "cheap", amount: 1n, outcome: 0, settleTime: enough },
      { taskId: "enough", amount: 5n, outcome: 0, settleTime: enough },
      { taskId: "more", amount: 6n, outcome: 0, settleTime: enough },
    ]);
    ctx.pricing = { taskPrice: 5n, currency: "APT", requiresPrepayment: true };
    expect(usablePaymentTaskIds({ context: ctx })).toEqual(["enough", "more"]);
  });

  it("measures against the ledger clock, not the Worker's", () => {
    const ctx = context([{ taskId: "ok", amount: 1n, outcome: 0, settleTime: enough }], 2_000_000n);
    expect(usablePaymentTaskIds({ context: ctx })).toEqual([]);
  });

  it("narrows to the body's taskId", () => {
    const ctx = context([
      { taskId: "a", amount: 1n, outcome: 0, settleTime: enough },
      { taskId: "b", amount: 1n, outcome: 0, settleTime: enough },
    ]);
    expect(usablePaymentTaskIds({ context: ctx, taskId: "b" })).toEqual(["b"]);
    expect(usablePaymentTaskIds({ context: ctx, taskId: "c" })).toEqual([]);
  });
});

describe("resolveAgentTarget", () => {
  const bindings = env as unknown as Record<string, unknown>;
  const agentBindings = parseAgentBindings("ECHO_AGENT,NOPE,CLAIMS");

  it("uses the named service binding for service:// URLs", () => {
    const r = resolveAgentTarget({
      serviceUrl: "service://ECHO_AGENT",
      bindings,
      agentBindings,
      allowHttp: false,
    });
    expect(r.ok && r.target.fetcher !== null).toBe(true);
  });

  it("refuses a service binding the gateway does not have", () => {
    const r = resolveAgentTarget({
      serviceUrl: "service://NOPE",
      bindings,
      agentBindings,
      allowHttp: false,
    });
    expect(r).toMatchObject({ ok: false });
  });

  it("refuses a binding name that is not an identifier, even if such a key exists", () => {
    const r = resolveAgentTarget({
      serviceUrl: "service://CLAIMS.x",
      bindings,
      agentBindings,
      allowHttp: false,
    });
    expect(r.ok).toBe(false);
  });

  it("calls https agents over fetch and http agents only when allowed", () => {
    const https = resolveAgentTarget({
      serviceUrl: "https://agent.example/base/",
      bindings,
      agentBindings,
      allowHttp: false,
    });
    expect(https).toEqual({
      ok: true,
      target: { fetcher: null, baseUrl: "https://agent.example/base" },
    });
    expect(
      resolveAgentTarget({
        serviceUrl: "http://127.0.0.1:9",
        bindings,
        agentBindings,
        allowHttp: false,
      }).ok,
    ).toBe(false);
    expect(
      resolveAgentTarget({
        serviceUrl: "http://127.0.0.1:9",
        bindings,
        agentBindings,
        allowHttp: true,
      }).ok,
    ).toBe(true);
    expect(
      resolveAgentTarget({ serviceUrl: "ftp://x", bindings, agentBindings, allowHttp: true }).ok,
    ).toBe(false);
  });
});

describe("listStatement", () => {
  it("ANDs filters, pages after the cursor and orders by id", () => {
    const s = listStatement({ owner: "0x1", tag: "t", status: "active", after: "p9", limit: 11 });
    expect(s.query).toContain("JOIN processes");
    expect(s.query).toContain("ORDER BY p.id LIMIT ?");
    expect(s.bindings).toEqual(["t", "0x1", "active", "p9", 11]);
    expect(listStatement({ limit: 5 }).query).not.toContain("WHERE");
  });
});

describe("checkPaidRun", () => {
  const operator = `0x${"a".repeat(64)}`;
  const owner = `0x${"1".repeat(64)}`;
  const listed = (): GatewayContext => ({ ...context([]), agents: [operator] });
  const allowed = { ok: true, value: true };

  it("refuses without an operator key: nobody could report the outcome", () => {
    expect(checkPaidRun(listed(), { address: null, owners: "*", minPriceOctas: 0n })).toMatchObject(
      {
        ok: false,
        error: { code: "paid_runs_unavailable", details: { reason: "no_operator_key" } },
      },
    );
  });

  it("refuses when the process does not list the operator among its agents", () => {
    expect(
      checkPaidRun(context([]), { address: operator, owners: "*", minPriceOctas: 0n }),
    ).toMatchObject({
      ok: false,
      error: {
        code: "paid_runs_unavailable",
        details: { reason: "operator_not_an_agent", operator },
      },
    });
  });

  it("serves only the configured owners, and the operator's own processes", () => {
    expect(
      checkPaidRun(listed(), { address: operator, owners: [], minPriceOctas: 0n }),
    ).toMatchObject({
      ok: false,
      error: { details: { reason: "owner_not_served" } },
    });
    expect(
      checkPaidRun(listed(), { address: operator, owners: [owner], minPriceOctas: 0n }),
    ).toEqual(allowed);
    expect(checkPaidRun(listed(), { address: operator, owners: "*", minPriceOctas: 0n })).toEqual(
      allowed,
    );
    const own = { ...listed(), owner: operator };
    expect(checkPaidRun(own, { address: operator, owners: [], minPriceOctas: 0n })).toEqual(
      allowed,
    );
  });

  it("runs another owner's process only at or above OPERATOR_MIN_PRICE_OCTAS; its own at any price", () => {
    const priced = (taskPrice: bigint): GatewayContext => ({
      ...listed(),
      pricing: { taskPrice, currency: "APT", requiresPrepayment: true },
    });
    const settings = { address: operator, owners: "*" as const, minPriceOctas: 4_000n };
    expect(checkPaidRun(priced(3_999n), settings)).toMatchObject({
      ok: false,
      error: {
        code: "paid_runs_unavailable",
        details: { reason: "price_below_operator_minimum", operator, minPriceOctas: "4000" },
      },
    });
    expect(checkPaidRun(priced(4_000n), settings)).toEqual(allowed);
    expect(checkPaidRun({ ...priced(1n), owner: operator }, settings)).toEqual(allowed);
  });
});
