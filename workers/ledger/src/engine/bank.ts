import { longAddress } from "./move-values.js";
import { text } from "./schema.js";
import { type Bank, MoveAbort } from "./types.js";

const U64_MAX = (1n << 64n) - 1n;
const FUNGIBLE_ASSET = "0x1::fungible_asset";

/** `error::invalid_argument(EINSUFFICIENT_BALANCE)` as 0x1::fungible_asset raises it. */
function insufficientBalance(): MoveAbort {
  return new MoveAbort(
    FUNGIBLE_ASSET,
    0x10004,
    "EINSUFFICIENT_BALANCE",
    "Insufficient balance in the fungible store.",
  );
}

function checkAmount(amount: bigint): void {
  if (amount < 0n || amount > U64_MAX) throw new RangeError(`not a u64 amount: ${amount}`);
}

/**
 * APT balances in SQLite, as decimal TEXT (SQLite INTEGER is signed 64-bit; u64::MAX must
 * round-trip). The supply in circulation (minted minus burned) is capped at u64::MAX, so no
 * balance and no sum of balances can overflow a u64.
 */
export class SqlBank implements Bank {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(`CREATE TABLE IF NOT EXISTS bank_balances (
      address TEXT PRIMARY KEY,
      octas TEXT NOT NULL
    )`);
    sql.exec(`CREATE TABLE IF NOT EXISTS bank_totals (
      name TEXT PRIMARY KEY,
      octas TEXT NOT NULL
    )`);
  }

  balance(address: string): bigint {
    const row = this.sql
      .exec("SELECT octas FROM bank_balances WHERE address = ?", longAddress(address))
      .toArray()[0];
    return row === undefined ? 0n : BigInt(text(row, "octas"));
  }

  transfer(from: string, to: string, amount: bigint): void {
    checkAmount(amount);
    const source = longAddress(from);
    const target = longAddress(to);
    let available = 0n;
    let held = 0n;
    // Both balances in one statement: transfers run on every payment.
    for (const row of this.sql.exec(
      "SELECT address, octas FROM bank_balances WHERE address IN (?, ?)",
      source,
      target,
    )) {
      if (row.address === source) available = BigInt(text(row, "octas"));
      if (row.address === target) held = BigInt(text(row, "octas"));
    }
    if (available < amount) throw insufficientBalance();
    if (source === target) return;
    this.set(source, available - amount);
    this.set(target, held + amount);
  }

  /** The faucet: creates octas. Aborts like the framework when supply would pass u64::MAX. */
  mint(to: string, amount: bigint): void {
    checkAmount(amount);
    const supply = this.totalMinted() - this.totalBurned();
    if (supply + amount > U64_MAX) {
      throw new MoveAbort(
        FUNGIBLE_ASSET,
        0x20005,
        "EMAX_SUPPLY_EXCEEDED",
        "The fungible asset's supply has exceeded maximum.",
      );
    }
    this.set(to, this.balance(to) + amount);
    this.addTotal("minted", amount);
  }

  /** Gas: destroys octas from an account. */
  burn(from: string, amount: bigint): void {
    checkAmount(amount);
    const available = this.balance(from);
    if (available < amount) throw insufficientBalance();
    this.set(from, available - amount);
    this.addTotal("burned", amount);
  }

  totalMinted(): bigint {
    return this.total("minted");
  }

  totalBurned(): bigint {
    return this.total("burned");
  }

  /** Sum over every account and object, for invariant checks (scans the table). */
  sumOfBalances(): bigint {
    let sum = 0n;
    for (const row of this.sql.exec("SELECT octas FROM bank_balances")) {
      sum += BigInt(text(row, "octas"));
    }
    return sum;
  }

  private set(address: string, octas: bigint): void {
    this.sql.exec(
      `INSERT INTO bank_balances (address, octas) VALUES (?, ?)
       ON CONFLICT(address) DO UPDATE SET octas = excluded.octas`,
      longAddress(address),
      octas.toString(),
    );
  }

  private total(name: "minted" | "burned"): bigint {
    const row = this.sql.exec("SELECT octas FROM bank_totals WHERE name = ?", name).toArray()[0];
    return row === undefined ? 0n : BigInt(text(row, "octas"));
  }

  private addTotal(name: "minted" | "burned", amount: bigint): void {
    this.sql.exec(
      `INSERT INTO bank_totals (name, octas) VALUES (?, ?)
       ON CONFLICT(name) DO UPDATE SET octas = excluded.octas`,
      name,
      (this.total(name) + amount).toString(),
    );
  }
}
