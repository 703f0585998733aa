import { formatApt } from "#shared/schemas/apt-format";
import type { Process } from "#shared/schemas/process";

/**
 * What a tool's description says besides the process's own text: its price and where the money
 * goes, so a model (or its user) knows a call costs before making it (docs/mcp.md, "Tools").
 */
export function toolDescription(process: Process): string {
  const what = process.description.trim() === "" ? process.name : process.description;
  return `${what}\n\n${priceLine(process)}`;
}

function priceLine(process: Process): string {
  const pricing = process.pricing;
  if (pricing === undefined || !pricing.requiresPrepayment) return "Free: runs without payment.";
  return `Costs ${formatApt(BigInt(pricing.taskPrice))} per run, paid into escrow with x402 (scheme "escrow"): the payer releases it to the owner, or refunds it when the run failed (agentgate release / agentgate refund).`;
}
