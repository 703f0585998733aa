// schemathesis against the gateway of the local stack (booted as `npm start` boots it): every
// operation of /openapi.json, its generated cases, no server error and no answer the document does
// not declare (docs/gateway.md, "Tests and bench"). The one-line result goes to npm test's summary
// through this test's meta (scripts/test.mjs).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerJson } from "../../cli/test/e2e/support/cli-schemas.js";
import { jsonResult } from "../../cli/test/e2e/support/json-output.js";
import { ensureCliBuilt, runCli } from "../../cli/test/e2e/support/run-cli.js";
import { type LocalStack, ROOT, startLocalStack } from "../lib/stack.mjs";
import {
  CHECKS,
  documentOperations,
  failureSummary,
  findSchemathesis,
  type KnownValues,
  runSchemathesis,
  type SchemathesisBounds,
  summaryLine,
} from "./support/schemathesis.js";

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
  knownValueProbability: 0.5,
};

let binary: string | undefined;
/** Why schemathesis cannot run (not installed, another version): the test fails with it. */
let missing: unknown;
let stack: LocalStack;
let gatewayUrl: string;
let dir: string;
const known: KnownValues = {};

/**
 * The example agents' processes, registered as `npm run demo` registers them (by the stack's
 * examples owner, the operator among the agents): a free one and a paid one, so cases reach
 * found processes, a real agent run and its logs, and a paid process's refusals.
 */
async function registerExamples(): Promise<void> {
  const keys = stack.keys;
  if (!keys) throw new Error("the local stack has no keys");
  const env = {
    APTOS_NETWORK: stack.ledgerUrl,
    APTOS_MODULE_ADDRESS: stack.moduleAddress,
    AGENTGATE_GATEWAY_URL: gatewayUrl,
  };
  const ownerKey = readFileSync(keys.examplesOwner.keyFile, "utf8").trim();
  const examples = [
    { id: "echo", url: "service://ECHO_AGENT", taskPrice: "0", requiresPrepayment: false },
    {
      id: "text-stats",
      url: "service://TEXT_STATS_AGENT",
      taskPrice: "1000",
      requiresPrepayment: true,
    },
  ];
  for (const { id, url, ...pricing } of examples) {
    const config = join(dir, `${id}.json`);
    const definition = { id, name: id, url, agents: [keys.operator.address], pricing };
    writeFileSync(config, JSON.stringify(definition));
    jsonResult(
      await runCli(["register", "-c", config, "-p", ownerKey, "--json"], { env }),
      registerJson,
    );
  }
  // One real run of the free process, so the logs route also sees a transaction that exists.
  const run = await fetch(`${gatewayUrl}/api/execute/echo`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      userAddress: keys.examplesOwner.address,
      data: { hello: "schemathesis" },
    }),
  });
  const ran = (await run.json()) as { transactionId?: string };
  if (run.status !== 200 || ran.transactionId === undefined) {
    throw new Error(`the echo run answered ${run.status}: ${JSON.stringify(ran)}`);
  }
  known.processId = examples.map((example) => example.id);
  known.userAddress = [keys.examplesOwner.address, keys.operator.address];
  known.transactionId = [ran.transactionId];
}

beforeAll(async () => {
  // Before the stack boots: without schemathesis the test fails at once, saying how to install
  // it (a failed test, not a skipped one).
  try {
    binary = findSchemathesis(ROOT);
  } catch (error) {
    missing = error;
    return;
  }
  await ensureCliBuilt();
  dir = mkdtempSync(join(tmpdir(), "agentgate-schemathesis-data-"));
  stack = await startLocalStack();
  if (stack.gatewayUrl === undefined) throw new Error("the local stack started no gateway");
  gatewayUrl = stack.gatewayUrl;
  await registerExamples();
});

afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("schemathesis against the local stack's gateway", () => {
  it(
    `${CHECKS.join(", ")}: every operation, no failure`,
    async ({ task }) => {
      if (binary === undefined) throw missing;
      const document = (await (await fetch(`${gatewayUrl}/openapi.json`)).json()) as {
        paths?: Record<string, object>;
      };
      const operations = documentOperations(document);
      expect(operations.length).toBeGreaterThan(0);

      const run = await runSchemathesis({ binary, origin: gatewayUrl, bounds: BOUNDS, known });
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
