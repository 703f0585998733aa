import { SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { OUTCOME } from "#shared/contract/status";
import { normalizeAddress } from "#shared/schemas/address-format";
import { addressOf, devnodeClient, fundedAccount, registerProcess, uniqueId } from "./harness.js";

vi.setConfig({ testTimeout: 120_000 });

const client = devnodeClient();

describe("module events from the devnode's indexer", () => {
  it("pages a payment's events in ledger order after a version, as the indexer's rows", async () => {
    const owner = await fundedAccount(client);
    const payer = await fundedAccount(client);
    const processId = await registerProcess(client, owner, {
      pricing: { taskPrice: 1000n, requiresPrepayment: true },
    });
    const start = await client.aptos.getLedgerInfo();
    const taskId = uniqueId("task");
    await client.makePayment(payer, { processId, taskId, amount: "5000" });
    await client.reportOutcome({
      signer: owner,
      processId,
      taskId,
      payer: addressOf(payer),
      delivered: true,
    });
    await client.releasePayment(payer, { processId, taskId });

    const names = ["PaymentMade", "OutcomeReported", "PaymentReleased"] as const;
    const after = BigInt(start.ledger_version);
    const events = await client.moduleEvents({ names, after, limit: 100 });
    const ours = events.filter((event) => event.data.process_id === processId);
    expect(ours.map((event) => event.name)).toEqual(names);
    // Addresses as the events print them: without leading zeros, so compared in long form.
    const long = (value: unknown) => normalizeAddress(String(value));
    expect(ours[0]?.data).toMatchObject({ amount: "5000" });
    expect(long(ours[0]?.data.payer)).toBe(addressOf(payer));
    expect(ours[1]?.data).toMatchObject({ outcome: OUTCOME.DELIVERED });
    expect(ours[2]?.data).toMatchObject({ amount: "5000" });
    expect(long(ours[2]?.data.receiver)).toBe(addressOf(owner));
    const versions = events.map((event) => event.version);
    expect(versions).toEqual([...versions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(versions.every((version) => version > after)).toBe(true);

    // One page at a time: a limit of 1 answers the first, and `after` skips what was read.
    const [first] = await client.moduleEvents({ names, after, limit: 1 });
    expect(first).toEqual(events[0]);
    const rest = await client.moduleEvents({ names, after: first?.version ?? 0n, limit: 100 });
    expect(rest).toEqual(events.slice(1));
  });

  it("answers the indexer's column names and refuses a query it does not know", async () => {
    const graphql = (body: unknown) =>
      SELF.fetch("http://devnode.test/v1/graphql", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const refused = await graphql({ query: "{ events { type } }" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      errors: [
        { message: "the devnode's indexer answers processor_status and the events query only" },
      ],
    });
  });
});
