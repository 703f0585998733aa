import { describe, expect, it } from "vitest";
import {
  processFieldsSchema,
  processRegistrationSchema,
  serviceUrlSchema,
} from "#shared/schemas/process-registration";

const minimal = { name: "Summarizer", serviceUrl: "https://agent.example/summarizer" };

describe("processRegistrationSchema", () => {
  it("fills defaults: no id, empty description and lists, status active, no pricing", () => {
    expect(processRegistrationSchema.parse(minimal)).toEqual({
      ...minimal,
      description: "",
      agents: [],
      workflows: [],
      tags: [],
      status: "active",
    });
  });

  it("parses pricing into bigint octas with APT and no prepayment by default", () => {
    const parsed = processRegistrationSchema.parse({ ...minimal, pricing: { taskPrice: "500" } });
    expect(parsed.pricing).toEqual({ taskPrice: 500n, currency: "APT", requiresPrepayment: false });
  });

  it("rejects a currency other than APT and a decimal price", () => {
    expect(
      processRegistrationSchema.safeParse({
        ...minimal,
        pricing: { taskPrice: "1", currency: "USD" },
      }).success,
    ).toBe(false);
    expect(
      processRegistrationSchema.safeParse({ ...minimal, pricing: { taskPrice: "0.5" } }).success,
    ).toBe(false);
  });

  it("normalises agent and payment addresses", () => {
    const parsed = processRegistrationSchema.parse({
      ...minimal,
      agents: ["0x1"],
      paymentAddress: "0x2",
    });
    expect(parsed.agents).toEqual([`0x${"0".repeat(63)}1`]);
    expect(parsed.paymentAddress).toBe(`0x${"0".repeat(63)}2`);
  });

  it("accepts a chosen id and rejects one with the reserved proc- prefix", () => {
    expect(processRegistrationSchema.parse({ ...minimal, id: "my-agent" }).id).toBe("my-agent");
    expect(processRegistrationSchema.safeParse({ ...minimal, id: "proc-7" }).success).toBe(false);
  });

  it("rejects 17 tags, a missing service URL and an unknown status", () => {
    const tags = Array.from({ length: 17 }, (_, i) => `t${i}`);
    expect(processRegistrationSchema.safeParse({ ...minimal, tags }).success).toBe(false);
    expect(processRegistrationSchema.safeParse({ name: "x" }).success).toBe(false);
    expect(processRegistrationSchema.safeParse({ ...minimal, status: "gone" }).success).toBe(false);
  });

  it("update fields carry no id", () => {
    expect(processFieldsSchema.parse({ ...minimal, id: "ignored" })).not.toHaveProperty("id");
  });
});

describe("serviceUrlSchema", () => {
  it("accepts https, http and service URLs", () => {
    for (const url of ["https://a.example", "http://localhost:8787", "service://agent"]) {
      expect(serviceUrlSchema.safeParse(url).success, url).toBe(true);
    }
  });

  it("rejects other schemes, empty and over 512 bytes", () => {
    for (const url of ["ftp://a", "", `https://${"a".repeat(505)}`]) {
      expect(serviceUrlSchema.safeParse(url).success, url.slice(0, 10)).toBe(false);
    }
  });
});
