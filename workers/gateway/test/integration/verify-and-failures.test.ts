import { beforeAll, describe, expect, it } from "vitest";
import { SELF } from "../support/checked-self.js";
import { failedRun } from "../support/failed-run.js";
import {
  address,
  advanceLedgerClock,
  execute,
  fundedAccount,
  GATEWAY,
  ledger,
  pay,
  registerProcess,
  testProcess,
  uniqueId,
} from "../support/ledger-fixtures.js";

async function verify(processId: string, user: string) {
  const res = await SELF.fetch(`${GATEWAY}/api/payment/verify/${processId}/${user}`);
  expect(res.status).toBe(200);
  return res.json<{
    success: boolean;
    verified: boolean;
    processId: string;
    userAddress: string;
  }>();
}

describe("GET /api/payment/verify/:processId/:userAddress", () => {
  let processId: string;

  beforeAll(async () => {
    processId = await testProcess("paid");
  });

  it("is false without a payment and for an unknown process", async () => {
    const user = address(await fundedAccount(1n));
    expect(await verify(processId, user)).toMatchObject({
      success: true,
      verified: false,
      processId,
      userAddress: user,
    });
    expect((await verify(uniqueId("missing"), user)).verified).toBe(false);
  });

  it("accepts a short address and answers with its long form", async () => {
    const res = await verify(processId, "0x1");
    expect(res.userAddress).toBe(`0x${"0".repeat(63)}1`);
  });

  it("is false once the payment is too close to its settle time to be used", async () => {
    const user = await fundedAccount();
    await pay({ payer: user, processId });
    expect((await verify(processId, address(user))).verified).toBe(true);
    const window = Number(await ledger.refundWindow());
    // Leaves 300 s before the settle time: less than the time limit plus 10 minutes.
    await advanceLedgerClock(window - 300);
    expect((await verify(processId, address(user))).verified).toBe(false);
    const res = await execute({ processId, body: { userAddress: address(user) }, signer: user });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "Payment required" });
  });
});

describe("an agent that gives no usable answer", () => {
  it("is SPEC's failed run (agent_unavailable with the reason), not a 5xx", async () => {
    const owner = await fundedAccount();
    // A Worker the gateway is bound to and lists in AGENT_BINDINGS, whose answer is no
    // AgentResponse (the ledger binding, used here before, is no longer reachable at all).
    const processId = await registerProcess({ owner, serviceUrl: "service://NOT_AN_AGENT" });
    const res = await execute({ processId, body: { userAddress: address(owner) } });
    expect(res.status).toBe(400);
    const body = await res.json<Record<string, unknown>>();
    expect(body).toMatchObject(
      failedRun({
        processId,
        code: "agent_unavailable",
        details: { reason: expect.stringMatching(/no usable answer/) },
      }),
    );
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|stack/i);
  });
});
