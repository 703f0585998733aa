import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CliError } from "../../src/errors/cli-error.js";
import { isEmptyInput, mergeFields, registerFields } from "../../src/validate/process-fields.js";
import { processInputFromArgs } from "../../src/validate/process-input.js";

const dir = mkdtempSync(join(tmpdir(), "agentgate-cli-unit-"));
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
};
const ONE = `0x${"0".repeat(63)}1`;

describe("processInputFromArgs", () => {
  it("parses every option into typed values", () => {
    expect(
      processInputFromArgs({
        name: "N",
        description: "D",
        url: "service://ECHO",
        tags: "a, b",
        status: "inactive",
        agents: "0x1",
        workflows: "w1,w2",
        "task-price": "1500",
        currency: "APT",
        "payment-address": "0x1",
        "requires-prepayment": "false",
      }),
    ).toEqual({
      name: "N",
      description: "D",
      serviceUrl: "service://ECHO",
      tags: ["a", "b"],
      status: "inactive",
      agents: [ONE],
      workflows: ["w1", "w2"],
      taskPrice: 1500n,
      currency: "APT",
      paymentAddress: ONE,
      requiresPrepayment: false,
    });
  });

  it("lets the --config file override the options, in SPEC's pricing shape too", () => {
    const config = file("c.json", {
      name: "From file",
      pricing: { taskPrice: "7", requiresPrepayment: true },
    });
    expect(
      processInputFromArgs({ config, name: "From flag", "task-price": "1", url: "https://x" }),
    ).toEqual({
      name: "From file",
      serviceUrl: "https://x",
      taskPrice: 7n,
      requiresPrepayment: true,
    });
  });

  it("names the bad key of a config file", () => {
    const config = file("bad.json", { tags: ["ok", ""] });
    expect(() => processInputFromArgs({ config })).toThrow(/tags\.1/);
    const both = file("both.json", { url: "https://a", serviceUrl: "https://b" });
    expect(() => processInputFromArgs({ config: both })).toThrow(/url or serviceUrl/);
  });

  it("refuses more tags than the ledger allows", () => {
    const tags = Array.from({ length: 17 }, (_, i) => `t${i}`).join(",");
    expect(() => processInputFromArgs({ tags })).toThrow(/--tags: at most 16/);
  });
});

describe("registerFields", () => {
  it("fills defaults: active, no price, empty lists", () => {
    expect(registerFields({ name: "N", serviceUrl: "https://x" })).toEqual({
      name: "N",
      description: "",
      serviceUrl: "https://x",
      agents: [],
      workflows: [],
      tags: [],
      status: "active",
    });
  });

  it("prices the process with APT when a task price is given", () => {
    expect(registerFields({ name: "N", serviceUrl: "https://x", taskPrice: 5n }).pricing).toEqual({
      taskPrice: 5n,
      currency: "APT",
      requiresPrepayment: false,
    });
  });

  it("requires name, url, and a price for the pricing options", () => {
    expect(() => registerFields({ serviceUrl: "https://x" })).toThrow(CliError);
    expect(() => registerFields({ name: "N" })).toThrow(/--url is required/);
    expect(() =>
      registerFields({ name: "N", serviceUrl: "https://x", requiresPrepayment: true }),
    ).toThrow(/need --task-price/);
  });
});

describe("mergeFields", () => {
  const current = {
    name: "Old",
    description: "Keep me",
    serviceUrl: "https://old",
    paymentAddress: ONE,
    agents: [ONE],
    workflows: [],
    tags: ["x"],
    status: 0,
    pricing: { taskPrice: 10n, currency: "APT", requiresPrepayment: true },
  };

  it("changes only the given fields", () => {
    expect(mergeFields(current, { name: "New", tags: [] })).toEqual({
      ...current,
      name: "New",
      tags: [],
    });
  });

  it("merges pricing field by field", () => {
    expect(mergeFields(current, { requiresPrepayment: false }).pricing).toEqual({
      taskPrice: 10n,
      currency: "APT",
      requiresPrepayment: false,
    });
    const free = { ...current, pricing: undefined };
    expect(() => mergeFields(free, { requiresPrepayment: true })).toThrow(/need --task-price/);
  });

  it("treats an input with only an id as empty", () => {
    expect(isEmptyInput({ id: "p" })).toBe(true);
    expect(isEmptyInput({ status: "active" })).toBe(false);
  });
});
