import type { Account } from "@aptos-labs/ts-sdk";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { AbortName } from "#shared/contract/aborts";
import { LIMITS } from "#shared/contract/limits";
import type { ProcessFields } from "#shared/ledger/registry";
import { processFieldsOf } from "#shared/ledger/registry";
import { toSpecProcess } from "#shared/ledger/spec-process";
import { processSchema } from "#shared/schemas/process";
import {
  addressOf,
  basicProcess,
  devnodeClient,
  expectAbort,
  fundedAccount,
  registerProcess,
  uniqueId,
} from "./harness.js";

// Every step is a signed transaction through the devnode; on a busy 2-core machine that is slow.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const client = devnodeClient();
let owner: Account;
let stranger: Account;

beforeAll(async () => {
  owner = await fundedAccount(client, 50n);
  stranger = await fundedAccount(client);
});

const agents = (n: number) =>
  Array.from({ length: n }, (_, i) => `0x${(i + 1).toString(16).padStart(64, "0")}`);
const ids = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe("registry limits, as the Move tests expect them", () => {
  const cases: [string, { id?: string } & Partial<ProcessFields>, AbortName][] = [
    ["an id of 65 bytes", { id: "a".repeat(65) }, "EINVALID_ID"],
    ["an id with a space", { id: "bad id" }, "EINVALID_ID"],
    ["an id with the registry's prefix", { id: "proc-7" }, "ERESERVED_ID_PREFIX"],
    ["an empty name", { name: "" }, "EINVALID_NAME"],
    ["a name of 129 bytes", { name: "n".repeat(129) }, "EINVALID_NAME"],
    ["a name of 65 two-byte characters (130 bytes)", { name: "é".repeat(65) }, "EINVALID_NAME"],
    ["a description of 1025 bytes", { description: "d".repeat(1025) }, "EDESCRIPTION_TOO_LONG"],
    ["an empty service URL", { serviceUrl: "" }, "EINVALID_SERVICE_URL"],
    ["an ftp service URL", { serviceUrl: "ftp://example.com" }, "EINVALID_SERVICE_URL"],
    [
      "a service URL of 513 bytes",
      { serviceUrl: `https://${"u".repeat(505)}` },
      "EINVALID_SERVICE_URL",
    ],
    ["17 agents", { agents: agents(17) }, "ETOO_MANY_AGENTS"],
    ["33 workflows", { workflows: ids(33, "wf") }, "ETOO_MANY_WORKFLOWS"],
    ["a workflow id that is not an id", { workflows: ["not an id"] }, "ETOO_MANY_WORKFLOWS"],
    ["17 tags", { tags: ids(17, "t") }, "ETOO_MANY_TAGS"],
    ["an empty tag", { tags: [""] }, "EINVALID_TAG"],
    ["a tag of 33 bytes", { tags: ["t".repeat(33)] }, "EINVALID_TAG"],
    ["status 3", { status: 3 }, "EINVALID_STATUS"],
    [
      "a price in another currency",
      { pricing: { taskPrice: 1n, currency: "USD", requiresPrepayment: false } },
      "EUNSUPPORTED_CURRENCY",
    ],
  ];

  it.each(cases)("refuses %s", async (_what, change, abort) => {
    const { id, ...fields } = change;
    await expectAbort(
      client.registerProcess({
        signer: owner,
        ...(id === undefined ? {} : { id }),
        process: { ...basicProcess, ...fields },
      }),
      abort,
    );
  });

  it("accepts every limit at its maximum, counting bytes", async () => {
    const id = `${uniqueId("max")}-`.padEnd(LIMITS.MAX_ID_BYTES, "x");
    const fields: ProcessFields = {
      name: "é".repeat(LIMITS.MAX_NAME_BYTES / 2),
      description: "d".repeat(LIMITS.MAX_DESCRIPTION_BYTES),
      serviceUrl: `https://${"u".repeat(LIMITS.MAX_SERVICE_URL_BYTES - 8)}`,
      agents: agents(LIMITS.MAX_AGENTS),
      workflows: ids(LIMITS.MAX_WORKFLOWS, "wf"),
      tags: ids(LIMITS.MAX_TAGS, "t".repeat(LIMITS.MAX_TAG_BYTES - 2)),
    };
    const { processId } = await client.registerProcess({ signer: owner, id, process: fields });
    expect(processId).toBe(id);
    const stored = await client.getProcess(id);
    expect(stored).toMatchObject({
      ...fields,
      owner: addressOf(owner),
      paymentAddress: addressOf(owner),
    });
  });
});

describe("registry permissions and ids", () => {
  it("refuses a taken id, and keeps a deregistered id reserved", async () => {
    const id = uniqueId("mine");
    await client.registerProcess({ signer: owner, id, process: basicProcess });
    await expectAbort(
      client.registerProcess({ signer: stranger, id, process: basicProcess }),
      "EPROCESS_EXISTS",
    );
    await client.deregisterProcess({ signer: owner, id });
    expect(await client.processExists(id)).toBe(false);
    await expectAbort(
      client.registerProcess({ signer: stranger, id, process: basicProcess }),
      "EPROCESS_EXISTS",
    );
  });

  it("lets only the owner update or deregister", async () => {
    const id = await registerProcess(client, owner);
    await expectAbort(
      client.updateProcess({ signer: stranger, id, process: basicProcess }),
      "ENOT_PROCESS_OWNER",
    );
    await expectAbort(client.deregisterProcess({ signer: stranger, id }), "ENOT_PROCESS_OWNER");
    await expectAbort(
      client.updateProcess({ signer: owner, id: "no-such-process", process: basicProcess }),
      "EPROCESS_NOT_FOUND",
    );
    await expectAbort(
      client.deregisterProcess({ signer: owner, id: "no-such-process" }),
      "EPROCESS_NOT_FOUND",
    );
  });

  it("refuses the escrow vault's own address as payment address, on register and update", async () => {
    const vault = await client.vaultAddress();
    await expectAbort(
      client.registerProcess({
        signer: owner,
        process: { ...basicProcess, paymentAddress: vault },
      }),
      "EPAYMENT_ADDRESS_IS_VAULT",
    );
    const id = await registerProcess(client, owner);
    await expectAbort(
      client.updateProcess({
        signer: owner,
        id,
        process: { ...basicProcess, paymentAddress: vault },
      }),
      "EPAYMENT_ADDRESS_IS_VAULT",
    );
    expect((await client.getProcess(id))?.paymentAddress).toBe(addressOf(owner));
  });

  it("updates by replacing every field; read-merge-write keeps the rest", async () => {
    const id = await registerProcess(client, owner, {
      tags: ["a"],
      pricing: { taskPrice: 5n, requiresPrepayment: true },
    });
    const stored = await client.getProcess(id);
    if (!stored) throw new Error("registered process is missing");
    await client.updateProcess({
      signer: owner,
      id,
      process: { ...processFieldsOf(stored), status: "inactive" },
    });
    const updated = await client.getProcess(id);
    expect(updated).toMatchObject({
      tags: ["a"],
      status: 1,
      pricing: { taskPrice: 5n, currency: "APT", requiresPrepayment: true },
    });
    expect(updated?.createdAt).toBe(stored.createdAt);
    const spec = toSpecProcess(updated ?? stored);
    expect(processSchema.parse(spec)).toMatchObject({
      id,
      status: "inactive",
      pricing: { taskPrice: "5" },
    });

    const { pricing: _dropped, ...withoutPricing } = processFieldsOf(updated ?? stored);
    await client.updateProcess({ signer: owner, id, process: withoutPricing });
    expect((await client.getProcess(id))?.pricing).toBeUndefined();
  });

  it("reports every change in the change feed", async () => {
    const revision = await client.registryRevision();
    const id = await registerProcess(client, owner);
    await client.deregisterProcess({ signer: owner, id });
    expect(await client.registryRevision()).toBe(revision + 2n);
    expect(await client.changedSince({ revision })).toEqual([id, id]);
  });
});

describe("registry listing", () => {
  it("lists an owner's processes in order, swap-removing on deregistration", async () => {
    const lister = await fundedAccount(client);
    const [a, b, c] = [
      await registerProcess(client, lister),
      await registerProcess(client, lister),
      await registerProcess(client, lister),
    ];
    const byOwner = async () =>
      (await client.listProcessesByOwner({ owner: addressOf(lister) })).map((p) => p.id);
    expect(await byOwner()).toEqual([a, b, c]);
    await client.deregisterProcess({ signer: lister, id: a });
    expect(await byOwner()).toEqual([c, b]);
    expect(await client.ownerProcessCount(addressOf(lister))).toBe(2n);
    expect(await client.listProcessesByOwner({ owner: addressOf(lister), start: 5n })).toEqual([]);
  });

  it("caps a page at 100 and pages through everything", async () => {
    const bulk = await fundedAccount(client, 50n);
    const existing = await client.processCount();
    const needed = Math.max(0, 101 - Number(existing));
    for (let i = 0; i < needed; i++) await registerProcess(client, bulk);
    const count = await client.processCount();
    expect(count).toBeGreaterThan(100n);
    expect(await client.listProcesses({ start: 0n, limit: 1000n })).toHaveLength(LIMITS.MAX_PAGE);
    const all = await client.listAllProcesses();
    expect(BigInt(all.length)).toBe(count);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    expect(await client.listProcesses({ start: count })).toEqual([]);
  });

  it("answers null for a process that does not exist", async () => {
    expect(await client.getProcess("no-such-process")).toBeNull();
  });
});
