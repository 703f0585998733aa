import {
  countLiveSlots,
  createSlotSchema,
  deleteSlot,
  earliestLeaseEnd,
  insertSlot,
} from "./run-slots-sql.js";

/** How an entry into the queue went: a slot at once, a place in line, or no room in line. */
export type QueueEntry = "started" | "queued" | "full";

/** A run asking for a slot: its id, the agent's limit, its slot's lease, how long it may wait. */
export type QueueEnterArgs = {
  transactionId: string;
  maxConcurrentRuns: number;
  leaseMs: number;
  waitMs: number;
  now: number;
};
/** How a wait in line ended: a slot, the wait ran out, or the caller left (or never queued). */
export type SlotWait = "started" | "expired" | "left";

/** Runs waiting per agent; past it a run is refused (429) rather than held (docs/agent.md). */
export const MAX_QUEUED_RUNS = 256;

type Waiter = {
  leaseMs: number;
  timer: ReturnType<typeof setTimeout>;
  settle: (outcome: SlotWait) => void;
};

/** How a queued run's wait ended, kept until its caller collects it (or it could not matter). */
type Ticket = { settled: Promise<SlotWait>; forgetAt: number };

/**
 * The queue of an agent with maxConcurrentRuns (docs/agent.md, "Streaming"): slots are leases in
 * storage (run-slots-sql.ts), waiters are in memory, first come first served. A waiter is held at
 * most `waitMs`; a slot at most its lease (the time limit with a grace), so neither a caller that
 * left nor a run that died keeps a slot longer.
 */
export class RunQueue {
  private readonly waiters = new Map<string, Waiter>();
  private readonly tickets = new Map<string, Ticket>();
  private limit = 1;
  private wake: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly sql: SqlStorage) {
    createSlotSchema(sql);
  }

  enter(args: QueueEnterArgs): QueueEntry {
    this.limit = args.maxConcurrentRuns;
    const free = this.waiters.size === 0 && countLiveSlots(this.sql, args.now) < this.limit;
    if (free) {
      insertSlot(this.sql, {
        transactionId: args.transactionId,
        leaseUntil: args.now + args.leaseMs,
      });
      return "started";
    }
    if (this.waiters.size >= MAX_QUEUED_RUNS) return "full";
    let settle: (outcome: SlotWait) => void = () => {};
    const settled = new Promise<SlotWait>((resolve) => {
      settle = resolve;
    });
    const timer = setTimeout(() => this.settle(args.transactionId, "expired"), args.waitMs);
    this.waiters.set(args.transactionId, { leaseMs: args.leaseMs, timer, settle });
    // A slot granted before the caller asks (wait) is kept for it; past its lease it is moot.
    const forgetAt = args.now + args.waitMs + args.leaseMs;
    this.tickets.set(args.transactionId, { settled, forgetAt });
    this.scheduleWake();
    return "queued";
  }

  /** Resolves when the queued run gets its slot, its wait runs out, or it leaves the line. */
  async wait(transactionId: string): Promise<SlotWait> {
    const ticket = this.tickets.get(transactionId);
    if (ticket === undefined) return "left";
    const outcome = await ticket.settled;
    this.tickets.delete(transactionId);
    return outcome;
  }

  /** Frees `transactionId`'s slot and hands it to the first waiter. */
  release(transactionId: string): void {
    deleteSlot(this.sql, transactionId);
    this.tickets.delete(transactionId);
    this.drain();
  }

  /** The caller left before its run started: out of the line, and out of its slot if it had one. */
  leave(transactionId: string): void {
    this.settle(transactionId, "left");
    this.release(transactionId);
  }

  private settle(transactionId: string, outcome: SlotWait): void {
    const waiter = this.waiters.get(transactionId);
    if (waiter === undefined) return;
    clearTimeout(waiter.timer);
    this.waiters.delete(transactionId);
    waiter.settle(outcome);
  }

  private drain(): void {
    const now = Date.now();
    for (const [transactionId, ticket] of this.tickets) {
      if (ticket.forgetAt < now) this.tickets.delete(transactionId);
    }
    let live = countLiveSlots(this.sql, now);
    for (const [transactionId, waiter] of this.waiters) {
      if (live >= this.limit) break;
      insertSlot(this.sql, { transactionId, leaseUntil: now + waiter.leaseMs });
      live++;
      this.settle(transactionId, "started");
    }
    this.scheduleWake();
  }

  /** With runs waiting and every slot held, checks again when the first lease runs out. */
  private scheduleWake(): void {
    if (this.wake !== undefined) clearTimeout(this.wake);
    this.wake = undefined;
    if (this.waiters.size === 0) return;
    const end = earliestLeaseEnd(this.sql);
    if (end === null) return;
    this.wake = setTimeout(() => this.drain(), Math.max(0, end - Date.now()) + 1);
  }
}
