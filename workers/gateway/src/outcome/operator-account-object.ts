import { DurableObject } from "cloudflare:workers";
import type { Account } from "@aptos-labs/ts-sdk";
import { hexToBytes } from "#shared/auth/bytes";
import { LedgerError } from "#shared/ledger/errors";
import type { SubmitOptions, TxReceipt } from "#shared/ledger/transactions";
import { gatewayConfig } from "../config.js";
import { gatewayLedger } from "../ledger/gateway-ledger.js";
import { operatorAccount, simulatingSigner } from "./operator-account.js";
import { OperatorSequence } from "./operator-sequence.js";
import type {
  OutcomeReport,
  ReservationCheck,
  RunClaimResult,
  RunKey,
  SendResult,
} from "./outcome-types.js";
import { checkReservation } from "./reservation-check.js";
import { isSequenceConflict } from "./sequence-conflict.js";
import { SubmitLine } from "./submit-line.js";

/** An abort or a malformed call is the ledger's final word; anything else may pass. */
function isFinal(error: unknown): boolean {
  return error instanceof LedgerError && (error.kind === "abort" || error.kind === "invalid_input");
}

/** Sends again on a sequence-number conflict, asking the node afresh each time. */
const SEQUENCE_ATTEMPTS = 8;

/**
 * The one owner of the operator account's sequence numbers in this deployment: outcome reports
 * and run claims are built and submitted one at a time, so no two of its own transactions race
 * for a sequence number (their commits are awaited outside that line); a conflict with another sender of the same key (another deployment) is sent again on
 * a fresh sequence number. Each report queue waits for its own report before sending the next,
 * so this line holds at most one report per process and a busy process cannot starve the others.
 */
export class OperatorAccountObject extends DurableObject<GatewayEnv> {
  private readonly line = new SubmitLine();
  private readonly sequence = new OperatorSequence();
  /** The operator's transactions accepted by the node and not yet committed (or failed). */
  private readonly inFlight = new Set<Promise<unknown>>();

  send(report: OutcomeReport): Promise<SendResult> {
    return this.line.run((release) => this.sendNow(report, release));
  }

  /**
   * payment::claim_run before a paid run (docs/gateway.md, "One payment, one attempt"):
   * simulated first, so a claim the ledger refuses is never submitted and costs no gas.
   */
  claimRun(key: RunKey): Promise<RunClaimResult> {
    return this.line.run((release) => this.claimNow(key, release));
  }

  /** Before a reservation that came due turns into a FAILED report (outcome-reporter-object.ts). */
  async checkReservation(key: RunKey): Promise<ReservationCheck> {
    const signer = operatorAccount(gatewayConfig(this.env).operatorPrivateKey);
    if (signer === null) return "retry";
    return checkReservation({
      self: signer.accountAddress.toStringLong(),
      runClaimedBy: () => gatewayLedger(this.env).runClaimedBy(key),
      claimRun: () => this.claimRun(key),
    });
  }

  /**
   * One transaction of the operator on the kept sequence number and gas price (operator-sequence.ts),
   * sent again on a fresh sequence number after a conflict: the other sender's transaction is
   * committing, so a short, growing pause lets it land. `release` frees the line once the node
   * accepted it.
   */
  private async onSequence(
    account: Account,
    release: () => void,
    send: (options: SubmitOptions) => Promise<TxReceipt>,
  ): Promise<TxReceipt> {
    const ask = () =>
      gatewayLedger(this.env).transactionContext(account.accountAddress.toStringLong());
    for (let attempt = 1; ; attempt++) {
      const next = await this.sequence.next(ask);
      let accepted = false;
      const sending = send({
        ...next,
        onSubmitted: () => {
          accepted = true;
          this.sequence.submitted(next.sequenceNumber);
          release();
        },
      });
      this.inFlight.add(sending);
      try {
        return await sending;
      } catch (error) {
        this.sequence.forget();
        // Once accepted, the line went on without it: sent again here, it could take the number
        // of the next one in line. The caller's own retry goes back into the line.
        if (accepted || attempt >= SEQUENCE_ATTEMPTS || !isSequenceConflict(error)) throw error;
        await new Promise((r) => setTimeout(r, 20 * attempt + Math.random() * 30));
      } finally {
        this.inFlight.delete(sending);
      }
    }
  }

  private async claimNow(key: RunKey, release: () => void): Promise<RunClaimResult> {
    const account = operatorAccount(gatewayConfig(this.env).operatorPrivateKey);
    if (account === null) {
      return { kind: "unknown", reason: "OPERATOR_PRIVATE_KEY is not configured" };
    }
    // A claim is simulated, and a node simulates on committed state only: the operator's
    // earlier transactions must have committed, or its sequence number would be "too new".
    await Promise.allSettled([...this.inFlight]);
    try {
      const receipt = await this.onSequence(account, release, (options) =>
        gatewayLedger(this.env, { simulate: true }).claimRun({
          signer: simulatingSigner(account),
          ...key,
          options,
        }),
      );
      return { kind: "claimed", hash: receipt.hash };
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      if (error instanceof LedgerError && error.kind === "abort") {
        const abort = error.abort?.abortName;
        const reason = abort === "ERUN_ALREADY_CLAIMED" ? "claimed_elsewhere" : "unusable";
        return { kind: "refused", reason, ...(abort === undefined ? {} : { abort }), detail };
      }
      return { kind: "unknown", reason: detail };
    }
  }

  private async sendNow(report: OutcomeReport, release: () => void): Promise<SendResult> {
    const signer = operatorAccount(gatewayConfig(this.env).operatorPrivateKey);
    if (signer === null) {
      return { kind: "retry", reason: "OPERATOR_PRIVATE_KEY is not configured" };
    }
    try {
      const receipt = await this.onSequence(signer, release, (options) =>
        gatewayLedger(this.env).reportOutcome({
          signer,
          processId: report.processId,
          taskId: report.taskId,
          payer: report.payer,
          delivered: report.delivered,
          // Queued from sha256Hex (or "" for a failed run), so always valid hex.
          resultHash: hexToBytes(report.resultHash) ?? undefined,
          options,
        }),
      );
      return { kind: "committed", hash: receipt.hash };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return isFinal(error) ? { kind: "refused", reason } : { kind: "retry", reason };
    }
  }
}
