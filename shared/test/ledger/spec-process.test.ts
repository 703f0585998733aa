import { describe, expect, it } from "vitest";
import type { LedgerProcess } from "#shared/ledger/records";
import { processFieldsOf } from "#shared/ledger/registry";
import { toSpecProcess } from "#shared/ledger/spec-process";
import { processSchema } from "#shared/schemas/process";

const owner = `0x${"a".repeat(64)}`;
const base: LedgerProcess = {
  id: "proc-1",
  name: "Echo",
  description: "says it back",
  owner,
  serviceUrl: "service://ECHO",
  paymentAddress: owner,
  agents: [],
  workflows: [],
  tags: ["demo"],
  status: 2,
  pricing: undefined,
  createdAt: 1_700_000_000n,
  updatedAt: 1_700_000_060n,
};

describe("toSpecProcess", () => {
  it("gives SPEC's shape: ISO dates, status name, no pricing when there is none, no URL or payment address", () => {
    const process = toSpecProcess(base);
    expect(process).toEqual({
      id: "proc-1",
      name: "Echo",
      description: "says it back",
      owner,
      agents: [],
      workflows: [],
      tags: ["demo"],
      status: "maintenance",
      createdAt: "2023-11-14T22:13:20.000Z",
      updatedAt: "2023-11-14T22:14:20.000Z",
    });
    expect(processSchema.safeParse(process).success).toBe(true);
  });

  it("writes the task price as a string of octas", () => {
    const process = toSpecProcess({
      ...base,
      pricing: {
        taskPrice: 18_446_744_073_709_551_615n,
        currency: "APT",
        requiresPrepayment: true,
      },
    });
    expect(process.pricing).toEqual({
      taskPrice: "18446744073709551615",
      currency: "APT",
      requiresPrepayment: true,
    });
    expect(processSchema.safeParse(process).success).toBe(true);
  });

  it("refuses a status code the ledger does not define", () => {
    expect(() => toSpecProcess({ ...base, status: 9 })).toThrow(/unknown status 9/);
  });
});

describe("processFieldsOf", () => {
  it("keeps every writable field, so an update changes only what the caller merges in", () => {
    expect(processFieldsOf(base)).toEqual({
      name: "Echo",
      description: "says it back",
      serviceUrl: "service://ECHO",
      paymentAddress: owner,
      agents: [],
      workflows: [],
      tags: ["demo"],
      status: 2,
    });
  });
});
