import { describe, expect, it } from "vitest";
import { agentExecuteFailureSchema, agentExecuteSuccessSchema } from "#shared/schemas/agent";
import {
  MISSING,
  parseOutputPath,
  parseSourcePath,
  readPath,
} from "../../examples/json-transform/src/json-path.js";
import { jsonBytesWithin } from "../../examples/json-transform/src/json-size.js";
import { transformJson } from "../../examples/json-transform/src/json-transform.js";
import { jsonTransformAgent } from "../../examples/json-transform/src/json-transform-agent.js";
import { createAgentWorker } from "../../src/index.js";
import { agentRequest, fetchWorker, signedExecuteRequest } from "../helpers.js";

const document = {
  user: { name: "Ada", address: { city: "London" } },
  items: [{ id: 1, tags: ["a"] }, { id: 2, tags: ["b", "c"] }, { sku: "no-id" }],
};

function read(path: string): unknown {
  const parsed = parseSourcePath(path);
  if (!parsed.ok) throw new Error(parsed.message);
  return readPath(document, parsed.segments);
}

describe("json path language", () => {
  it("parses keys, indices and [*]", () => {
    expect(parseSourcePath("orders[*].lines[-1].sku")).toEqual({
      ok: true,
      segments: [
        { kind: "key", name: "orders" },
        { kind: "each" },
        { kind: "key", name: "lines" },
        { kind: "index", index: -1 },
        { kind: "key", name: "sku" },
      ],
    });
    expect(parseSourcePath("[0][1]")).toMatchObject({ ok: true });
  });

  it("rejects malformed source paths", () => {
    for (const path of ["", "a..b", "a[", "a[x]", ".a", "a.[0]", "a b", "a[1.5]"]) {
      expect([path, parseSourcePath(path).ok]).toEqual([path, false]);
    }
  });

  it("accepts only plain keys in output paths, and no prototype keys", () => {
    expect(parseOutputPath("out.name")).toEqual({ ok: true, keys: ["out", "name"] });
    for (const path of ["out[0]", "a..b", "__proto__.x", "a.constructor", ""]) {
      expect([path, parseOutputPath(path).ok]).toEqual([path, false]);
    }
  });

  it("reads keys, indices from either end and every element", () => {
    expect(read("user.name")).toBe("Ada");
    expect(read("user.address.city")).toBe("London");
    expect(read("items[0]")).toEqual({ id: 1, tags: ["a"] });
    expect(read("items[-2].id")).toBe(2);
    expect(read("items[*].id")).toEqual([1, 2, null]);
    expect(read("items[*].tags[0]")).toEqual(["a", "b", null]);
  });

  it("finds nothing past the data, and never in Object.prototype", () => {
    expect(read("user.email")).toBe(MISSING);
    expect(read("items[3]")).toBe(MISSING);
    expect(read("items[-4]")).toBe(MISSING);
    expect(read("user[0]")).toBe(MISSING);
    expect(read("user.name.first")).toBe(MISSING);
    expect(read("user.toString")).toBe(MISSING);
    expect(read("user.constructor")).toBe(MISSING);
  });
});

describe("transformJson", () => {
  it("selects and renames fields into nested output", () => {
    const { result, missingPaths } = transformJson({
      document,
      select: { "out.name": "user.name", "out.city": "user.address.city", first: "items[0]" },
      missing: "omit",
    });
    expect(result).toEqual({ out: { name: "Ada", city: "London" }, first: { id: 1, tags: ["a"] } });
    expect(missingPaths).toEqual([]);
  });

  it("omits, nulls or fails on a missing source as asked", () => {
    const select = { name: "user.name", email: "user.email" };
    expect(transformJson({ document, select, missing: "omit" })).toEqual({
      result: { name: "Ada" },
      missingPaths: ["user.email"],
    });
    expect(transformJson({ document, select, missing: "null" }).result).toEqual({
      name: "Ada",
      email: null,
    });
    expect(() => transformJson({ document, select, missing: "fail" })).toThrow(
      'source path "user.email" not found',
    );
  });

  it("refuses output paths that clash", () => {
    expect(() =>
      transformJson({ document, select: { a: "user.name", "a.b": "user.name" }, missing: "omit" }),
    ).toThrow(/clash at "a"/);
    expect(() =>
      transformJson({ document, select: { "a.b": "user.name", a: "user.name" }, missing: "omit" }),
    ).toThrow(/clash at "a"/);
  });
});

describe("json-transform agent over HTTP", () => {
  const worker = createAgentWorker(jsonTransformAgent);
  const vars = { AGENT_PROCESS_ID: "json-transform-test" };
  const run = (data: Record<string, unknown>) =>
    signedExecuteRequest(agentRequest({ processId: "json-transform-test", data })).then((request) =>
      fetchWorker(worker, request, vars),
    );

  it("answers the transformed document and logs missing paths", async () => {
    const response = await run({
      document,
      select: { "out.name": "user.name", first: "items[0]", nope: "user.nope" },
    });
    expect(response.status).toBe(200);
    const body = agentExecuteSuccessSchema.parse(await response.json());
    expect(body.result).toEqual({
      result: { out: { name: "Ada" }, first: { id: 1, tags: ["a"] } },
    });
    expect(body.logs).toHaveLength(1);
    expect(body.logs[0]).toMatch(/WARN source path "user.nope" not found$/);
  });

  it("answers 400 naming the select entry whose path does not parse", async () => {
    const response = await run({ document, select: { "out.name": "user..name" } });
    expect(response.status).toBe(400);
    expect(agentExecuteFailureSchema.parse(await response.json()).error).toContain(
      "data.select.out.name: source path",
    );
  });

  it("answers 400 with the handler's error for a missing source under missing: fail", async () => {
    const response = await run({ document, select: { x: "user.nope" }, missing: "fail" });
    expect(response.status).toBe(400);
    const body = agentExecuteFailureSchema.parse(await response.json());
    expect(body.error).toBe('source path "user.nope" not found');
  });
});

describe("jsonBytesWithin", () => {
  it("counts what JSON.stringify writes, in UTF-8 bytes", () => {
    const samples: unknown[] = [
      null,
      true,
      false,
      0,
      -1.5e-7,
      1e21,
      "",
      'quote " backslash \\ slash /',
      "\n\t\r\b\f\u0000\u001f",
      "é € 𝄞 \ud800 lone",
      [],
      {},
      [1, "a", null, [[]], { 'k"ey': [true] }],
      { a: { b: { c: ["x", 2] } }, ü: "ß" },
      document,
    ];
    for (const value of samples) {
      const bytes = new TextEncoder().encode(JSON.stringify(value)).length;
      expect(jsonBytesWithin(value, bytes)).toBe(bytes);
      expect(jsonBytesWithin(value, bytes - 1)).toBeNull();
    }
  });

  it("walks deep nesting without overflowing the stack", () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonBytesWithin(deep, 1_000_000)).toBe(200_002);
  });
});

describe("json-transform result bound (issue 13, door 7)", () => {
  // About 600 KB of document: selected 100 times it would make a 60 MB result.
  const big = { text: "x".repeat(600_000) };
  const select = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`copy${i}`, "text"]));

  it("refuses before building a result past the agent's result limit", () => {
    expect(() => transformJson({ document: big, select, missing: "omit" })).toThrow(
      /result would exceed 1048576 bytes/,
    );
  });

  it("still builds a result just under the limit", () => {
    const { result } = transformJson({
      document: big,
      select: { a: "text" },
      missing: "omit",
    });
    expect(JSON.stringify(result).length).toBeGreaterThan(600_000);
  });
});
