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

/** An abort or a malformed call is the ledger's final word; anything else may pass. */
function isFinal(error: unknown): boolean {
  return error instanceof LedgerError && (error.kind === "abort" || error.kind === "invalid_input");
}

/** Sends again on a sequence-number conflict, asking the node afresh each time. */
const SEQUENCE_ATTEMPTS = 8;

/**
 * The one owner of the operator account's sequence numbers in this deployment: outcome reports
 * and run claims go out one at a time, so no two of its own transactions race for a sequence
 * number; a conflict with another sender of the same key (another deployment) is sent again on
 * a fresh sequence number. Each report queue waits for its own report before sending the next,
 * so this line holds at most one report per process and a busy process cannot starve the others.
 */
export class OperatorAccountObject extends DurableObject<GatewayEnv> {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly sequence = new OperatorSequence();

  send(report: OutcomeReport): Promise<SendResult> {
    return this.inTurn(() => this.sendNow(report));
  }

  /**
   * payment::claim_run before a paid run (docs/gateway.md, "One payment, one attempt"):
   * simulated first, so a claim the ledger refuses is never submitted and costs no gas.
   */
  claimRun(key: RunKey): Promise<RunClaimResult> {
    return this.inTurn(() => this.claimNow(key));
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

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.tail.then(work);
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  /**
   * One transaction of the operator on the kept sequence number and gas price (operator-sequence.ts),
   * sent again on a fresh sequence number after a conflict: the other sender's transaction is
   * committing, so a short, growing pause lets it land.
   */
  private async onSequence(
    account: Account,
    send: (options: SubmitOptions) => Promise<TxReceipt>,
  ): Promise<TxReceipt> {
    const ask = () =>
      gatewayLedger(this.env).transactionContext(account.accountAddress.toStringLong());
    for (let attempt = 1; ; attempt++) {
      const options = await this.sequence.next(ask);
      try {
        const receipt = await send(options);
        this.sequence.committed(options.sequenceNumber);
        return receipt;
      } catch (error) {
        this.sequence.forget();
        if (attempt >= SEQUENCE_ATTEMPTS || !isSequenceConflict(error)) throw error;
        await new Promise((r) => setTimeout(r, 20 * attempt + Math.random() * 30));
      }
    }
  }

  private async claimNow(key: RunKey): Promise<RunClaimResult> {
    const account = operatorAccount(gatewayConfig(this.env).operatorPrivateKey);
    if (account === null) {
      return { kind: "unknown", reason: "OPERATOR_PRIVATE_KEY is not configured" };
    }
    try {
      const receipt = await this.onSequence(account, (options) =>
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

  private async sendNow(report: OutcomeReport): Promise<SendResult> {
    const signer = operatorAccount(gatewayConfig(this.env).operatorPrivateKey);
    if (signer === null) {
      return { kind: "retry", reason: "OPERATOR_PRIVATE_KEY is not configured" };
    }
    try {
      const receipt = await this.onSequence(signer, (options) =>
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
