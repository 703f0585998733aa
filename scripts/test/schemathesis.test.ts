// schemathesis against the gateway of the local stack (booted as `npm start` boots it): every
// operation of /openapi.json, its generated cases, no server error and no answer the document does
// not declare (docs/gateway.md, "Tests and bench"). The one-line result goes to npm test's summary
// through this test's meta (scripts/test.mjs).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalStack, ROOT, startLocalStack } from "../lib/stack.mjs";
import {
  CHECKS,
  documentOperations,
  failureSummary,
  findSchemathesis,
  runSchemathesis,
  type SchemathesisBounds,
  summaryLine,
} from "./support/schemathesis";

declare module "vitest" {
  interface TaskMeta {
    /** The one-line schemathesis result scripts/test.mjs prints. */
    schemathesis?: string;
  }
}

/** Sized so boot plus run stay near a minute on 2 shared cores; the seed makes runs repeatable. */
const BOUNDS: SchemathesisBounds = {
  maxExamples: 20,
  seed: 14,
  timeoutMs: 75_000,
  requestTimeoutS: 15,
};

let binary: string;
let stack: LocalStack;
let gatewayUrl: string;

beforeAll(async () => {
  // Before the stack boots: a missing schemathesis fails at once, with how to install it.
  binary = findSchemathesis(ROOT);
  stack = await startLocalStack();
  if (stack.gatewayUrl === undefined) throw new Error("the local stack started no gateway");
  gatewayUrl = stack.gatewayUrl;
});

afterAll(async () => {
  await stack?.stop();
});

describe("schemathesis against the local stack's gateway", () => {
  it(
    `${CHECKS.join(", ")}: every operation, no failure`,
    async ({ task }) => {
      const document = (await (await fetch(`${gatewayUrl}/openapi.json`)).json()) as {
        paths?: Record<string, object>;
      };
      const operations = documentOperations(document);
      expect(operations.length).toBeGreaterThan(0);

      const run = await runSchemathesis(binary, gatewayUrl, BOUNDS);
      const { report } = run;
      task.meta.schemathesis = summaryLine(run, BOUNDS);
      console.log(task.meta.schemathesis);

      const why = `${failureSummary(run.output)}\n--- stack ---\n${stack.logTail()}`;
      expect(report.failures, why).toEqual([]);
      expect(report.errors, why).toEqual([]);
      expect(report.test_cases.unique_failures, why).toBe(0);
      expect(run.exitCode, why).toBe(0);
      expect(report.complete, why).toBe(true);
      // Every operation the document declares was tested, none skipped or left out.
      expect(report.operations, why).toMatchObject({
        total: operations.length,
        selected: operations.length,
        tested: operations.length,
        errored: 0,
        skipped: 0,
      });
      // A reference schemathesis cannot resolve leaves that part of the document untested.
      expect(report.warnings.unresolvable_reference ?? [], why).toEqual([]);
    },
    BOUNDS.timeoutMs + 15_000,
  );
});
