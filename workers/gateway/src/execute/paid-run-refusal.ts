import { type AppError, appError } from "#shared/errors/app-error";
import type { GatewayContext } from "#shared/ledger/records";

export type OperatorSettings = {
  /** The operator account's address, or null when OPERATOR_PRIVATE_KEY is not set. */
  address: string | null;
  /** OPERATOR_OWNERS: "*" or the owners served besides the operator itself. */
  owners: "*" | readonly string[];
};

/**
 * Why this gateway must not run a paid process, or null when it may: it runs one only when it
 * can report the outcome, or silence would hand delivered work back to the payer at settle
 * (docs/gateway.md, "Outcome reports"). Checked before anything is claimed.
 */
export function paidRunRefusal(
  context: GatewayContext,
  operator: OperatorSettings,
): AppError | null {
  const refuse = (reason: string, message: string) =>
    appError("paid_runs_unavailable", message, {
      reason,
      ...(operator.address === null ? {} : { operator: operator.address }),
    });
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
  return null;
}
