import { DurableObject } from "cloudflare:workers";
import { hexToBytes } from "#shared/auth/bytes";
import { LedgerError } from "#shared/ledger/errors";
import { gatewayConfig } from "../config.js";
import { gatewayLedger } from "../ledger/gateway-ledger.js";
import { operatorAccount } from "./operator-account.js";
import type { OutcomeReport, SendResult } from "./outcome-types.js";

/** An abort or a malformed call is the ledger's final word; anything else may pass. */
function isFinal(error: unknown): boolean {
  return error instanceof LedgerError && (error.kind === "abort" || error.kind === "invalid_input");
}

/**
 * The one owner of the operator account's sequence numbers: every process's queue hands its
 * next report here, and transactions go out one at a time, so no two race for a sequence
 * number. Each queue waits for its own report before sending the next, so this line holds at
 * most one report per process and a busy process cannot starve the others.
 */
export class OperatorAccountObject extends DurableObject<GatewayEnv> {
  private tail: Promise<unknown> = Promise.resolve();

  send(report: OutcomeReport): Promise<SendResult> {
    const turn = this.tail.then(() => this.sendNow(report));
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  private async sendNow(report: OutcomeReport): Promise<SendResult> {
    const signer = operatorAccount(gatewayConfig(this.env).operatorPrivateKey);
    if (signer === null) {
      return { kind: "retry", reason: "OPERATOR_PRIVATE_KEY is not configured" };
    }
    try {
      const receipt = await gatewayLedger(this.env).reportOutcome({
        signer,
        processId: report.processId,
        taskId: report.taskId,
        payer: report.payer,
        delivered: report.delivered,
        // Queued from sha256Hex (or "" for a failed run), so always valid hex.
        resultHash: hexToBytes(report.resultHash) ?? undefined,
      });
      return { kind: "committed", hash: receipt.hash };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return isFinal(error) ? { kind: "refused", reason } : { kind: "retry", reason };
    }
  }
}
