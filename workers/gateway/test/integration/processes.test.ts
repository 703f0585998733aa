import { beforeAll, describe, expect, it, vi } from "vitest";
import { processListResponseSchema, processResponseSchema } from "#shared/schemas/gateway";
import { SYNC_INTERVAL_MS } from "../../src/list/process-index-object.js";
import { SELF } from "../support/checked-self.js";
import {
  address,
  fundedAccount,
  GATEWAY,
  ledger,
  registerProcess,
  uniqueId,
} from "../support/ledger-fixtures.js";

async function list(query: string) {
  const res = await SELF.fetch(`${GATEWAY}/api/processes?${query}`);
  expect(res.status).toBe(200);
  return processListResponseSchema.parse(await res.json());
}

/**
 * Until `check` passes on the list: it syncs from the ledger at most every SYNC_INTERVAL_MS, so
 * within one interval and the request that runs the sync.
 */
const afterSync = (check: () => Promise<void>) =>
  vi.waitFor(check, { timeout: SYNC_INTERVAL_MS + 1_000, interval: 100 });

describe("GET /api/process/:processId", () => {
  it("answers SPEC's Process shape", async () => {
    const owner = await fundedAccount();
    const id = await registerProcess({ owner, paid: true, tags: ["lookup"] });
    const res = await SELF.fetch(`${GATEWAY}/api/process/${id}`);
    expect(res.status).toBe(200);
    const body = processResponseSchema.parse(await res.json());
    expect(body.process).toMatchObject({
      id,
      owner: address(owner),
      status: "active",
      tags: ["lookup"],
      pricing: { taskPrice: "1000", currency: "APT", requiresPrepayment: true },
    });
  });

  it("answers 404 Process not found for an unknown id", async () => {
    const id = uniqueId("missing");
    const res = await SELF.fetch(`${GATEWAY}/api/process/${id}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      success: false,
      error: "Process not found",
      processId: id,
    });
  });
});

describe("GET /api/processes", () => {
  const tag = uniqueId("t").slice(0, 30);
  let alice: Awaited<ReturnType<typeof fundedAccount>>;
  let ids: string[];

  beforeAll(async () => {
    alice = await fundedAccount();
    const bob = await fundedAccount();
    ids = [];
    for (let i = 0; i < 3; i++) ids.push(await registerProcess({ owner: alice, tags: [tag] }));
    ids.push(await registerProcess({ owner: bob, tags: [tag], status: "maintenance" }));
    await afterSync(async () => expect((await list(`tag=${tag}`)).count).toBe(4));
  });

  it("filters by tag, owner and status, with count = the number returned", async () => {
    const byTag = await list(`tag=${tag}`);
    expect(byTag.processes.map((p) => p.id).sort()).toEqual([...ids].sort());
    expect(byTag.count).toBe(4);
    const byOwner = await list(`tag=${tag}&owner=${address(alice)}`);
    expect(byOwner.count).toBe(3);
    expect(byOwner.processes.every((p) => p.owner === address(alice))).toBe(true);
    const maintenance = await list(`tag=${tag}&status=maintenance`);
    expect(maintenance.processes.map((p) => p.id)).toEqual([ids[3]]);
    expect((await list(`owner=${address(alice)}`)).count).toBe(3);
  });

  it("pages with limit and cursor", async () => {
    const first = await list(`tag=${tag}&limit=3`);
    expect(first.count).toBe(3);
    expect(first.nextCursor).toBeDefined();
    const rest = await list(
      `tag=${tag}&limit=3&cursor=${encodeURIComponent(first.nextCursor ?? "")}`,
    );
    expect(rest.count).toBe(1);
    expect(rest.nextCursor).toBeUndefined();
    expect([...first.processes, ...rest.processes].map((p) => p.id).sort()).toEqual(
      [...ids].sort(),
    );
  });

  it("follows updates and deregistrations through the registry's change feed", async () => {
    const [first, second] = ids as [string, string];
    await ledger.deregisterProcess({ signer: alice, id: first });
    const stored = await ledger.getProcess(second);
    if (stored === null) throw new Error("missing process");
    await ledger.updateProcess({
      signer: alice,
      id: second,
      process: {
        name: stored.name,
        serviceUrl: stored.serviceUrl,
        tags: [tag, "renamed"],
        status: "inactive",
      },
    });
    await afterSync(async () => {
      const after = await list(`tag=${tag}`);
      expect(after.processes.map((p) => p.id)).not.toContain(first);
      expect(after.processes.find((p) => p.id === second)).toMatchObject({
        status: "inactive",
        tags: [tag, "renamed"],
      });
    });
    expect((await list("tag=renamed")).processes.map((p) => p.id)).toContain(second);
  });
});
