import type { Bank, PackageEngine } from "../engine/types.js";
import type { CommitQueue } from "./commit-queue.js";
import type { NodeStore } from "./store.js";

/** The bank as the node uses it: the package's Bank plus minting (faucet) and burning (gas). */
export interface LedgerBank extends Bank {
  mint(address: string, amount: bigint): void;
  burn(address: string, amount: bigint): void;
  totalMinted(): bigint;
  totalBurned(): bigint;
}

export interface NodeConfig {
  /** Where the package is published, long form. */
  moduleAddress: string;
  chainId: number;
  /**
   * The development conveniences, each off unless its var is "true" (README.md, "Configuration"):
   * POST /dev/clock/advance (DEV_CLOCK), the faucet (DEV_FAUCET), and the package's admin-only
   * functions, whose key is public (DEV_ADMIN).
   */
  devClock: boolean;
  devFaucet: boolean;
  devAdmin: boolean;
}

/** Everything a request handler needs: state, the package engine, configuration and the clock. */
export interface NodeContext {
  storage: DurableObjectStorage;
  sql: SqlStorage;
  store: NodeStore;
  bank: LedgerBank;
  engine: PackageEngine;
  config: NodeConfig;
  clock: DevClock;
  /** Submitted transactions wait here to be committed together (see CommitQueue). */
  commits: CommitQueue;
  /** The last committed version; 0 is genesis. Kept in memory, written with each commit. */
  version: bigint;
}

const CLOCK_OFFSET_KEY = "clock_offset_seconds";

/**
 * The devnode's time: the wall clock plus an offset that only moves forward and persists, so
 * refund windows and settle times can be reached in tests without waiting.
 */
export class DevClock {
  private offsetSeconds: bigint;

  constructor(private readonly store: NodeStore) {
    this.offsetSeconds = BigInt(store.meta(CLOCK_OFFSET_KEY) ?? "0");
  }

  /** Microseconds, as ledger timestamps are written. */
  nowMicros(): bigint {
    return BigInt(Date.now()) * 1000n + this.offsetSeconds * 1_000_000n;
  }

  nowSeconds(): bigint {
    return this.nowMicros() / 1_000_000n;
  }

  advance(seconds: bigint): void {
    this.offsetSeconds += seconds;
    this.store.setMeta(CLOCK_OFFSET_KEY, this.offsetSeconds.toString());
  }
}
