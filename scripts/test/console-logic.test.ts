// The console's logic without a browser (docs/console.md): Explore's filters and order, the run
// form read from a schema and checked before sending, the event-stream parser, and page routes.
import { describe, expect, it } from "vitest";
import type { Process } from "#shared/schemas/process";
import { exploreProcesses, NO_FILTER, withStatus } from "../../console/src/explore-filter.js";
import { routeOf } from "../../console/src/route.js";
import { ADDRESS_FIELD, checkRunForm, DATA_FIELD } from "../../console/src/run-data.js";
import { schemaFields } from "../../console/src/schema-fields.js";
import { sseParser } from "../../console/src/sse-parser.js";

const OWNER_A = `0x${"a".repeat(64)}`;
const OWNER_B = `0x${"b".repeat(64)}`;

function process(id: string, extra: Partial<Process> = {}): Process {
  return {
    id,
    name: id,
    description: "",
    owner: OWNER_A,
    agents: [],
    workflows: [],
    tags: [],
    status: "active",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...extra,
  };
}

const paid = (price: string) => ({
  pricing: { taskPrice: price, currency: "APT", requiresPrepayment: true },
});

describe("Explore's filters and order", () => {
  const all = [
    process("echo", { description: "Says it back", tags: ["demo"] }),
    process("stats", { ...paid("5000"), owner: OWNER_B, createdAt: "2026-03-01T00:00:00.000Z" }),
    process("report", { ...paid("1000"), tags: ["demo", "reports"] }),
  ];
  const ids = (filter: Partial<typeof NO_FILTER>) =>
    exploreProcesses(all, { ...NO_FILTER, ...filter }).map((p) => p.id);

  it("searches ids, names, descriptions and tags, case aside", () => {
    expect(ids({ text: "SAYS" })).toEqual(["echo"]);
    expect(ids({ text: "reports" })).toEqual(["report"]);
    expect(ids({ text: "nothing" })).toEqual([]);
  });

  it("filters by tag, owner and price, every condition at once", () => {
    expect(ids({ tag: "demo" })).toEqual(["echo", "report"]);
    expect(ids({ owner: OWNER_B })).toEqual(["stats"]);
    expect(ids({ price: "free" })).toEqual(["echo"]);
    expect(ids({ price: "paid", tag: "demo" })).toEqual(["report"]);
  });

  it("shows the active processes unless asked for another status, or any", () => {
    const mixed = [
      ...all,
      process("old", { status: "inactive" }),
      process("fix", { status: "maintenance" }),
    ];
    const of = (filter: Partial<typeof NO_FILTER>) =>
      exploreProcesses(mixed, { ...NO_FILTER, ...filter }).map((p) => p.id);
    expect(of({})).toEqual(["echo", "report", "stats"]);
    expect(of({ status: "inactive" })).toEqual(["old"]);
    expect(of({ status: "maintenance" })).toEqual(["fix"]);
    expect(of({ status: "any" })).toEqual(["echo", "fix", "old", "report", "stats"]);
    expect(withStatus(mixed, "active")).toHaveLength(3);
  });

  it("sorts by name, price either way, or newest first", () => {
    expect(ids({ sort: "name" })).toEqual(["echo", "report", "stats"]);
    expect(ids({ sort: "price-low" })).toEqual(["echo", "report", "stats"]);
    expect(ids({ sort: "price-high" })).toEqual(["stats", "report", "echo"]);
    expect(ids({ sort: "newest" })[0]).toBe("stats");
  });

  it("sorts by success rate (no outcome last) or paid runs, from the gateway's figures", () => {
    const figures = (processId: string, runs: number, delivered: number, failed: number) => ({
      processId,
      owner: OWNER_A,
      status: "active" as const,
      runs,
      delivered,
      failed,
      successRate: delivered + failed === 0 ? null : delivered / (delivered + failed),
      released: "0",
      refunded: "0",
      inEscrow: "0",
    });
    const stats = new Map([
      ["report", figures("report", 4, 1, 3)],
      ["stats", figures("stats", 2, 2, 0)],
    ]);
    const sorted = (sort: "success-rate" | "runs") =>
      exploreProcesses(all, { ...NO_FILTER, sort }, stats).map((p) => p.id);
    // 100% beats 25%; "echo" has no outcome (and no figures at all), so it comes last.
    expect(sorted("success-rate")).toEqual(["stats", "report", "echo"]);
    expect(sorted("runs")).toEqual(["report", "stats", "echo"]);
    // Without figures every process ties, and the name decides.
    expect(ids({ sort: "runs" })).toEqual(["echo", "report", "stats"]);
  });
});

describe("the run form, checked before anything is sent", () => {
  const schema = {
    type: "object",
    properties: {
      seconds: { type: "integer", minimum: 1, maximum: 600 },
      topic: { type: "string", minLength: 1, default: "the weather" },
      mode: { enum: ["short", "long"] },
      options: { type: "object" },
    },
    required: ["seconds", "topic"],
  };
  const fields = schemaFields(schema);
  const check = (
    texts: Record<string, string>,
    extra: Partial<Parameters<typeof checkRunForm>[0]> = {},
  ) =>
    checkRunForm({
      mode: "form",
      fields,
      texts,
      raw: "",
      address: "0x1",
      inputSchema: schema,
      ...extra,
    });

  it("reads one field per property, its kind and default from the schema", () => {
    expect(fields.map((f) => [f.name, f.kind, f.required, f.initial])).toEqual([
      ["seconds", "integer", true, ""],
      ["topic", "string", true, "the weather"],
      ["mode", "enum", false, ""],
      ["options", "json", false, ""],
    ]);
  });

  it("gives the data, typed by the schema, when it conforms", () => {
    expect(check({ seconds: "3", options: '{"a":1}' })).toEqual({
      ok: true,
      data: { seconds: 3, topic: "the weather", options: { a: 1 } },
    });
  });

  it("names each failing field with the schema's message (an empty required text is sent)", () => {
    expect(check({ seconds: "0", topic: "" })).toEqual({
      ok: false,
      problems: { seconds: "0 is less than 1", topic: "String is too short (0 < 1)" },
    });
    expect(check({ seconds: "" })).toEqual({ ok: false, problems: { seconds: "is required" } });
    expect(check({ seconds: "three" })).toMatchObject({
      ok: false,
      problems: { seconds: 'Instance type "string" is invalid. Expected "integer"' },
    });
    expect(check({ seconds: "1", mode: "" })).toEqual({
      ok: true,
      data: { seconds: 1, topic: "the weather" },
    });
    expect(check({ seconds: "1", options: "{" })).toEqual({
      ok: false,
      problems: { options: "is not valid JSON" },
    });
  });

  it("refuses a caller that is not an address, and raw JSON that is not an object", () => {
    expect(check({ seconds: "1" }, { address: "alice" })).toMatchObject({
      ok: false,
      problems: { [ADDRESS_FIELD]: expect.stringContaining("account address") },
    });
    expect(check({}, { mode: "json", raw: "[1]" })).toEqual({
      ok: false,
      problems: { [DATA_FIELD]: "must be a JSON object" },
    });
    expect(check({}, { mode: "json", raw: '{"seconds": 2, "topic": "x"}' })).toEqual({
      ok: true,
      data: { seconds: 2, topic: "x" },
    });
  });
});

describe("the event-stream parser", () => {
  it("gives each event once it is complete, whatever the chunks, skipping comments", () => {
    const parser = sseParser();
    expect(parser.push('id: 1\nevent: status\ndata: {"a"')).toEqual([]);
    expect(
      parser.push(":1}\n\n: keep-alive\n\nid: 2\r\nevent: log\r\ndata: x\r\ndata: y\r\n\r\n"),
    ).toEqual([
      { id: "1", event: "status", data: '{"a":1}' },
      { id: "2", event: "log", data: "x\ny" },
    ]);
  });
});

describe("the console's routes", () => {
  it("reads pages from the fragment, and anything else as missing", () => {
    expect(routeOf("")).toEqual({ page: "explore" });
    expect(routeOf("#/")).toEqual({ page: "explore" });
    expect(routeOf("#/processes/a%2Fb")).toEqual({ page: "process", processId: "a/b" });
    expect(routeOf("#/runs/019a")).toEqual({ page: "run", transactionId: "019a" });
    expect(routeOf("#/payments")).toEqual({ page: "payments" });
    expect(routeOf("#/owner")).toEqual({ page: "owner" });
    expect(routeOf("#/processes/%E0%A4%A")).toEqual({ page: "missing" });
    expect(routeOf("#/elsewhere")).toEqual({ page: "missing" });
  });
});
