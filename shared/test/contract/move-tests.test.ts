import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ABORTS_BY_MODULE, describeAbortCode, MODULES, type ModuleName } from "#shared/contract";

const testsDir = new URL("../../../move/tests/", import.meta.url);

interface ExpectedFailure {
  code: number;
  module: string;
}

function expectedFailures(): ExpectedFailure[] {
  const files = readdirSync(testsDir).filter((f) => f.endsWith(".move"));
  return files.flatMap((file) => {
    const text = readFileSync(new URL(file, testsDir), "utf8");
    const pattern =
      /#\[expected_failure\(\s*abort_code\s*=\s*(0x[0-9a-fA-F]+)\s*,\s*location\s*=\s*agent_platform::(\w+)\s*\)\]/g;
    return [...text.matchAll(pattern)].map((m) => ({
      code: Number.parseInt(m[1] ?? "", 16),
      module: m[2] ?? "",
    }));
  });
}

const isModuleName = (name: string): name is ModuleName =>
  (MODULES as readonly string[]).includes(name);

describe("the Move unit tests' expected failures", () => {
  it("each name an abort code the raising module declares", () => {
    const failures = expectedFailures();
    expect(failures.length).toBeGreaterThan(50);
    for (const { code, module } of failures) {
      const decoded = describeAbortCode(code);
      const where = `0x${code.toString(16)} at ${module}`;
      expect(decoded, where).toBeDefined();
      expect(isModuleName(module), where).toBe(true);
      if (decoded && isModuleName(module)) {
        expect(ABORTS_BY_MODULE[module] as readonly string[], where).toContain(decoded.name);
      }
    }
  });

  it("cover every abort of every module at least once", () => {
    const covered = new Set(
      expectedFailures().map(({ code, module }) => `${module}:${describeAbortCode(code)?.name}`),
    );
    const missing = MODULES.flatMap((module) =>
      ABORTS_BY_MODULE[module]
        .map((name) => `${module}:${name}`)
        .filter((key) => !covered.has(key)),
    );
    expect(missing).toEqual([]);
  });
});
