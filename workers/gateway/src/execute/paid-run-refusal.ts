import { appError, fail, ok, type Result } from "#shared/errors/app-error";
import type { GatewayContext } from "#shared/ledger/records";

export type OperatorSettings = {
  /** The operator account's address, or null when OPERATOR_PRIVATE_KEY is not set. */
  address: string | null;
  /** OPERATOR_OWNERS: "*" or the owners served besides the operator itself. */
  owners: "*" | readonly string[];
  /**
   * OPERATOR_MIN_PRICE_OCTAS: another owner's paid process runs only at this task price or above,
   * so its run claim and report never cost the operator more gas than the run pays (docs/
   * gateway.md, "Operator gas"); the operator's own processes run at any price.
   */
  minPriceOctas: bigint;
};

/**
 * Whether this gateway may run a paid process, or why not: it runs one only when it can report
 * the outcome, or silence would hand delivered work back to the payer at settle (docs/gateway.md,
 * "Outcome reports"). Checked before anything is claimed.
 */
export function checkPaidRun(context: GatewayContext, operator: OperatorSettings): Result<true> {
  const refuse = (reason: string, message: string, more: Record<string, string> = {}) =>
    fail<true>(
      appError("paid_runs_unavailable", message, {
        reason,
        ...(operator.address === null ? {} : { operator: operator.address }),
        ...more,
      }),
    );
  if (operator.address === null) {
    return refuse(
      "no_operator_key",
      "This gateway has no operator key (OPERATOR_PRIVATE_KEY), so it cannot report outcomes and runs no paid process",
    );
  }
  if (!context.agents.includes(operator.address)) {
    return refuse(
      "operator_not_an_agent",
      `This process does not list the gateway's operator ${operator.address} among its agents, so its outcome could not be reported; its owner can add it (agentgate update)`,
    );
  }
  const servesOwner =
    context.owner === operator.address ||
    operator.owners === "*" ||
    operator.owners.includes(context.owner);
  if (!servesOwner) {
    return refuse(
      "owner_not_served",
      `This gateway's operator does not report for processes of ${context.owner} (OPERATOR_OWNERS)`,
    );
  }
  const price = context.pricing?.taskPrice ?? 0n;
  if (context.owner !== operator.address && price < operator.minPriceOctas) {
    return refuse(
      "price_below_operator_minimum",
      `This gateway runs another owner's paid process only at a task price of at least ${operator.minPriceOctas} octas (OPERATOR_MIN_PRICE_OCTAS), which covers the gas of its run claim and outcome report; this one costs ${price}`,
      { minPriceOctas: operator.minPriceOctas.toString() },
    );
  }
  return ok(true);
}
