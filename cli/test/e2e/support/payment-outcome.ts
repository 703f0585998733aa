/** A payment's record as `agentgate payment` shows it, once the gateway's report has landed. */
import { expect, vi } from "vitest";
import type { z } from "zod";
import type { TestAccount } from "./accounts.js";
import { paymentJson } from "./cli-schemas.js";
import { jsonResult } from "./json-output.js";
import { runCli } from "./run-cli.js";

export type PaymentOutcome = z.output<typeof paymentJson>["payment"]["outcomeName"];

/**
 * The escrow payment of `taskId` by `payer` once its outcome is `outcome`: the gateway reports
 * outcomes through a queue (docs/gateway.md, "Outcome reports"), so the ledger is polled.
 */
export function paymentOnceOutcome(args: {
  env: Record<string, string>;
  processId: string;
  taskId: string;
  payer: TestAccount;
  outcome: PaymentOutcome;
}) {
  const { processId, taskId, payer } = args;
  return vi.waitFor(
    async () => {
      const shown = jsonResult(
        await runCli(["payment", "-i", processId, "-t", taskId, "-u", payer.address, "--json"], {
          env: args.env,
        }),
        paymentJson,
      ).payment;
      expect(shown.outcomeName).toBe(args.outcome);
      return shown;
    },
    { timeout: 60_000, interval: 500 },
  );
}
