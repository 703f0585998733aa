import { describe, expect, it } from "vitest";
import { SELF } from "../support/checked-self.js";
import { failedRun } from "../support/failed-run.js";
import {
  address,
  execute,
  fundedAccount,
  GATEWAY,
  ledger,
  registerProcess,
} from "../support/ledger-fixtures.js";

/**
 * Issue 13, door 3: a process owner chose `service://LEDGER/mint?...` as its service URL and an
 * execute minted APT through the gateway's ledger binding. The pool lists LEDGER in
 * AGENT_BINDINGS on purpose (gateway-pool-options.ts): the ledger is refused even then.
 */
describe("service:// URLs reach declared agents only", () => {
  it("refuses a process whose service URL points at the ledger binding; no APT is minted", async () => {
    const attacker = await fundedAccount();
    const amount = 100_000_000_000_000n;
    const processId = await registerProcess({
      owner: attacker,
      serviceUrl: `service://LEDGER/mint?address=${address(attacker)}&amount=${amount}&x=`,
    });
    const before = await ledger.balance(address(attacker));
    const res = await execute({ processId, body: { userAddress: address(attacker) } });
    const logs = await SELF.fetch(`${GATEWAY}/api/logs/${processId}/${crypto.randomUUID()}`);
    // Nothing was minted: not by the execute, not by the log read.
    expect(await ledger.balance(address(attacker))).toBe(before);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject(failedRun({ processId, code: "agent_unavailable" }));
    expect(logs.status).toBe(502);
  });

  it("refuses a declared agent's URL that carries a query or an encoded dot segment", async () => {
    const owner = await fundedAccount();
    for (const serviceUrl of ["service://ECHO_AGENT/x?y", "service://ECHO_AGENT/%2e%2e/"]) {
      const processId = await registerProcess({ owner, serviceUrl });
      const res = await execute({ processId, body: { userAddress: address(owner) } });
      expect(res.status, serviceUrl).toBe(400);
      expect(await res.json()).toMatchObject(failedRun({ processId, code: "agent_unavailable" }));
    }
  });
});
