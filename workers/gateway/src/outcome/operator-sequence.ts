import type { SubmitOptions } from "#shared/ledger/transactions";

/**
 * How long a gas price the node gave is used before asking again; the sequence number is asked
 * again with it, so a transaction another sender of the key committed is caught up with too
 * (never below the number kept, which counts our accepted transactions not yet committed).
 */
export const OPERATOR_CONTEXT_KEEP_MS = 30_000;

type Known = { sequenceNumber: bigint; gasUnitPrice: bigint; askedAt: number };

/**
 * The operator account's next sequence number and gas price, kept by the one object that sends
 * its transactions (operator-account-object.ts), so a run claim or a report does not ask the node
 * for them first (docs/benchmarks.md, "Paid throughput"). Once the node accepted a transaction
 * the sequence number moves on; after any failure it is forgotten and asked again, since a
 * refused, aborted or unknown transaction may or may not have used it.
 */
export class OperatorSequence {
  private known: Known | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** The options the next transaction is built with; `ask` asks the node when nothing is kept. */
  async next(
    ask: () => Promise<{ sequenceNumber: bigint; gasUnitPrice: bigint }>,
  ): Promise<Pick<SubmitOptions, "sequenceNumber" | "gasUnitPrice">> {
    if (this.known === null || this.now() - this.known.askedAt >= OPERATOR_CONTEXT_KEEP_MS) {
      const asked = await ask();
      // The node answers its committed number: transactions it accepted and has not committed
      // yet are counted past it, so the kept number wins when higher (a failure forgot it).
      const kept = this.known?.sequenceNumber ?? 0n;
      const sequenceNumber = asked.sequenceNumber > kept ? asked.sequenceNumber : kept;
      this.known = { sequenceNumber, gasUnitPrice: asked.gasUnitPrice, askedAt: this.now() };
    }
    return { sequenceNumber: this.known.sequenceNumber, gasUnitPrice: this.known.gasUnitPrice };
  }

  /** The node accepted the transaction built with `used`: the next one takes the number after. */
  submitted(used: bigint | undefined): void {
    if (this.known !== null && used === this.known.sequenceNumber) {
      this.known = { ...this.known, sequenceNumber: used + 1n };
    } else this.known = null;
  }

  forget(): void {
    this.known = null;
  }
}
