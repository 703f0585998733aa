import { describe, expect, it } from "vitest";
import {
  type Process,
  pricingSchema,
  processSchema,
  processStatusCode,
  processStatusFromCode,
  processStatusSchema,
} from "#shared/schemas/process";

const OWNER = `0x${"ab".repeat(32)}`;

function validProcess(): Process {
  return {
    id: "summarizer",
    name: "Summarizer",
    description: "Summarises text",
    owner: OWNER,
    agents: [`0x${"0".repeat(63)}1`],
    workflows: ["default"],
    tags: ["nlp", "text"],
    status: "active",
    pricing: { taskPrice: "1000", currency: "APT", requiresPrepayment: true },
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-02T00:00:00Z",
  };
}

describe("processSchema", () => {
  it("accepts SPEC's Process shape", () => {
    expect(processSchema.parse(validProcess())).toEqual(validProcess());
  });

  it("accepts a process without pricing", () => {
    const { pricing: _pricing, ...withoutPricing } = validProcess();
    expect(processSchema.safeParse(withoutPricing).success).toBe(true);
  });

  for (const field of [
    "id",
    "name",
    "description",
    "owner",
    "agents",
    "workflows",
    "tags",
    "status",
    "createdAt",
    "updatedAt",
  ] as const) {
    it(`rejects a process missing ${field}`, () => {
      const process: Partial<Process> = validProcess();
      delete process[field];
      const result = processSchema.safeParse(process);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual([field]);
    });
  }

  it("rejects the service URL and payment address, which are not part of the response", () => {
    expect(
      processSchema.safeParse({ ...validProcess(), serviceUrl: "https://agent.example" }).success,
    ).toBe(false);
    expect(processSchema.safeParse({ ...validProcess(), paymentAddress: OWNER }).success).toBe(
      false,
    );
  });

  it("rejects pricing: null, which must be left out instead", () => {
    expect(processSchema.safeParse({ ...validProcess(), pricing: null }).success).toBe(false);
  });

  it("rejects numeric timestamps and non-ISO dates", () => {
    expect(processSchema.safeParse({ ...validProcess(), createdAt: 1_700_000_000 }).success).toBe(
      false,
    );
    expect(processSchema.safeParse({ ...validProcess(), updatedAt: "yesterday" }).success).toBe(
      false,
    );
  });

  it("rejects a short-form owner: responses carry the long form", () => {
    expect(processSchema.safeParse({ ...validProcess(), owner: "0x1" }).success).toBe(false);
  });

  it("rejects an unknown status, a bad tag and too many agents", () => {
    expect(processSchema.safeParse({ ...validProcess(), status: "paused" }).success).toBe(false);
    expect(processSchema.safeParse({ ...validProcess(), tags: ["x".repeat(33)] }).success).toBe(
      false,
    );
    const agents = Array.from({ length: 17 }, () => OWNER);
    expect(processSchema.safeParse({ ...validProcess(), agents }).success).toBe(false);
  });
});

describe("pricingSchema", () => {
  it("rejects a decimal task price and a missing flag", () => {
    expect(
      pricingSchema.safeParse({ taskPrice: "1.5", currency: "APT", requiresPrepayment: false })
        .success,
    ).toBe(false);
    expect(pricingSchema.safeParse({ taskPrice: "10", currency: "APT" }).success).toBe(false);
  });

  it("keeps the task price a string", () => {
    const pricing = pricingSchema.parse({
      taskPrice: "10",
      currency: "APT",
      requiresPrepayment: false,
    });
    expect(pricing.taskPrice).toBe("10");
  });
});

describe("process status", () => {
  it("accepts active, inactive and maintenance only", () => {
    expect(processStatusSchema.options).toEqual(["active", "inactive", "maintenance"]);
    expect(processStatusSchema.safeParse("ACTIVE").success).toBe(false);
  });

  it("maps names to ledger codes and back", () => {
    expect(processStatusCode("active")).toBe(0);
    expect(processStatusCode("maintenance")).toBe(2);
    expect(processStatusFromCode(1)).toBe("inactive");
    expect(processStatusFromCode(3)).toBeUndefined();
  });
});
