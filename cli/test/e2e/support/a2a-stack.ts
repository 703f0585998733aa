/**
 * The stack the A2A e2e files share: the echo, slow-report and text-stats example agents,
 * text-stats registered free, echo and slow-report paid at `price`, and a funded user.
 */
import { newFundedAccount, type TestAccount } from "./accounts.js";
import {
  type CliStack,
  examplesOwner,
  registerConfig,
  registerPaidEcho,
  registerPaidSlowReport,
  startCliStack,
} from "./cli-stack.js";

// The example agents serve these process ids (their AGENT_PROCESS_ID).
export const PAID = "echo";
export const FREE = "text-stats";
export const SLOW = "slow-report";

export async function startA2aStack(
  prefix: string,
  price: bigint,
): Promise<CliStack & { user: TestAccount }> {
  const setup = await startCliStack(prefix, {
    agentConfigs: [
      "workers/agent/examples/echo/wrangler.jsonc",
      "workers/agent/examples/slow-report/wrangler.jsonc",
      "workers/agent/examples/text-stats/wrangler.jsonc",
    ],
  });
  const user = await newFundedAccount({ dir: setup.dir, name: "user", env: setup.env });
  await registerConfig(setup, examplesOwner(setup.stack), {
    id: FREE,
    name: "Text statistics",
    url: "service://TEXT_STATS_AGENT",
  });
  await registerPaidEcho(setup, price);
  await registerPaidSlowReport(setup, price);
  return { ...setup, user };
}
