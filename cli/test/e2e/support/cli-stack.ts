/** The setup the e2e files share: the built CLI, a local stack, a scratch folder and the CLI's env. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { StackKeys } from "../../../../scripts/lib/stack.mjs";
import type { TestAccount } from "./accounts.js";
import { registerJson } from "./cli-schemas.js";
import { jsonResult } from "./json-output.js";
import { type LocalStack, type StartStackOptions, startLocalStack } from "./local-stack.js";
import { ensureCliBuilt, runCli } from "./run-cli.js";

export interface CliStack {
  stack: LocalStack;
  /** A scratch folder for keys and process configs, removed by stopCliStack. */
  dir: string;
  /** The environment that points the CLI at the stack's ledger (and gateway, when it has one). */
  env: Record<string, string>;
}

/** Builds the CLI when needed, starts the stack and makes a scratch folder named `prefix`…. */
export async function startCliStack(
  prefix: string,
  options: StartStackOptions = {},
): Promise<CliStack> {
  await ensureCliBuilt();
  const stack = await startLocalStack(options);
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const env: Record<string, string> = {
    APTOS_NETWORK: stack.ledgerUrl,
    APTOS_MODULE_ADDRESS: stack.moduleAddress,
    ...(stack.gatewayUrl === undefined ? {} : { AGENTGATE_GATEWAY_URL: stack.gatewayUrl }),
  };
  return { stack, dir, env };
}

/** Stops what startCliStack started; either may be missing when a file's setup failed early. */
export async function stopCliStack(stack: LocalStack | undefined, dir: string | undefined) {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** The stack's keys: present on a stack with a gateway. */
export function stackKeys(stack: LocalStack): StackKeys {
  if (!stack.keys) throw new Error("the stack has no keys");
  return stack.keys;
}

/** The account the stack's example agents serve (their AGENT_OWNER_ADDRESS). */
export function examplesOwner(stack: LocalStack): TestAccount {
  const { examplesOwner } = stackKeys(stack);
  return {
    address: examplesOwner.address,
    key: readFileSync(examplesOwner.keyFile, "utf8").trim(),
  };
}

/** Registers `config` (a `register -c` file, written to the scratch folder) as `owner`. */
export async function registerConfig(
  setup: CliStack,
  owner: TestAccount,
  config: Record<string, unknown>,
) {
  const path = join(setup.dir, `${String(config.id)}.json`);
  writeFileSync(path, JSON.stringify(config));
  return jsonResult(
    await runCli(["register", "-c", path, "--json", "-p", owner.key], { env: setup.env }),
    registerJson,
  );
}

/**
 * Registers the process an example agent serves (its AGENT_PROCESS_ID `id`, reached over the
 * gateway's binding `url`) as a paid one, owned by the examples owner; the gateway runs a paid
 * process only when its operator is among the process's agents (docs/gateway.md).
 */
function registerPaidExample(
  setup: CliStack,
  example: { id: string; name: string; url: string },
  price: bigint,
) {
  return registerConfig(setup, examplesOwner(setup.stack), {
    ...example,
    agents: [stackKeys(setup.stack).operator.address],
    pricing: { taskPrice: price.toString(), requiresPrepayment: true },
  });
}

/** The echo example agent's process, `echo`, paid. */
export function registerPaidEcho(setup: CliStack, price: bigint) {
  return registerPaidExample(
    setup,
    { id: "echo", name: "Echo", url: "service://ECHO_AGENT" },
    price,
  );
}

/**
 * The slow-report example agent's process, `slow-report`, paid: one step a second with progress,
 * one run at a time, so a second run waits queued at the agent.
 */
export function registerPaidSlowReport(setup: CliStack, price: bigint) {
  return registerPaidExample(
    setup,
    { id: "slow-report", name: "Slow report", url: "service://SLOW_REPORT_AGENT" },
    price,
  );
}
