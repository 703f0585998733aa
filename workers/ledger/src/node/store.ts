import type { JsonValue } from "../engine/types.js";

/**
 * The node's own records in the Durable Object's SQLite: accounts (sequence number and
 * authentication key), committed transactions by version and hash (their JSON, events
 * included) and settings such as the clock offset. The package's tables (pkg_*) and the bank
 * belong to the engine.
 */
const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS node_accounts (
    address TEXT PRIMARY KEY,
    sequence_number INTEGER NOT NULL,
    authentication_key TEXT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS node_transactions (
    version INTEGER PRIMARY KEY,
    hash TEXT NOT NULL UNIQUE,
    body TEXT NOT NULL
  )`,
  // An account's transactions in sequence order, for GET /v1/accounts/:address/transactions.
  `CREATE INDEX IF NOT EXISTS node_transactions_by_sender ON node_transactions (
    json_extract(body, '$.sender'),
    CAST(json_extract(body, '$.sequence_number') AS INTEGER)
  )`,
  `CREATE TABLE IF NOT EXISTS node_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  )`,
];

export interface AccountRow {
  sequenceNumber: bigint;
  /** 0x + 64 hex; for a never-seen account, the address itself (stateless account). */
  authenticationKey: string;
  exists: boolean;
}

export type RestEvent = {
  guid: { creation_number: string; account_address: string };
  sequence_number: string;
  type: string;
  data: Record<string, JsonValue>;
};

/** One event of a committed transaction; `data` is its JSON text. */
export type StoredEvent = { version: number; eventIndex: number; type: string; data: string };

export class NodeStore {
  constructor(private readonly sql: SqlStorage) {
    for (const statement of SCHEMA) sql.exec(statement);
  }

  account(address: string): AccountRow {
    const row = this.sql
      .exec<{ sequence_number: number; authentication_key: string }>(
        "SELECT sequence_number, authentication_key FROM node_accounts WHERE address = ?",
        address,
      )
      .toArray()[0];
    if (!row) return { sequenceNumber: 0n, authenticationKey: address, exists: false };
    return {
      sequenceNumber: BigInt(row.sequence_number),
      authenticationKey: row.authentication_key,
      exists: true,
    };
  }

  /** Creates the account on its first transaction, as the framework does, and bumps its sequence. */
  bumpSequence(address: string, next: bigint, authenticationKey: string): void {
    this.sql.exec(
      `INSERT INTO node_accounts (address, sequence_number, authentication_key) VALUES (?, ?, ?)
       ON CONFLICT(address) DO UPDATE SET sequence_number = excluded.sequence_number`,
      address,
      Number(next),
      authenticationKey,
    );
  }

  latestVersion(): bigint {
    const row = this.sql
      .exec<{ v: number | null }>("SELECT MAX(version) AS v FROM node_transactions")
      .one();
    return BigInt(row.v ?? 0);
  }

  /** Keeps a committed transaction; its events are part of its JSON, as by_hash answers it. */
  insertTransaction(version: bigint, hash: string, body: string): void {
    this.sql.exec(
      "INSERT INTO node_transactions (version, hash, body) VALUES (?, ?, ?)",
      Number(version),
      hash,
      body,
    );
  }

  /** The committed transaction's JSON text (events included), or null. */
  transactionByHash(hash: string): string | null {
    const row = this.sql
      .exec<{ body: string }>("SELECT body FROM node_transactions WHERE hash = ?", hash)
      .toArray()[0];
    return row ? row.body : null;
  }

  /**
   * The committed user transactions `sender` sent, in sequence order: `limit` of them from
   * sequence number `start`, or the last `limit` when `start` is null (the REST API's paging).
   */
  accountTransactions(args: { sender: string; start: bigint | null; limit: number }): string[] {
    const sender = "json_extract(body, '$.sender')";
    const sequence = "CAST(json_extract(body, '$.sequence_number') AS INTEGER)";
    const rows =
      args.start === null
        ? this.sql
            .exec<{ body: string }>(
              `SELECT body FROM node_transactions WHERE ${sender} = ? ORDER BY ${sequence} DESC LIMIT ?`,
              args.sender,
              args.limit,
            )
            .toArray()
            .reverse()
        : this.sql
            .exec<{ body: string }>(
              `SELECT body FROM node_transactions WHERE ${sender} = ? AND ${sequence} >= ? ORDER BY ${sequence} LIMIT ?`,
              args.sender,
              Number(args.start),
              args.limit,
            )
            .toArray();
    return rows.map((row) => row.body);
  }

  /**
   * Committed transactions' events of the given types after a version, in ledger order, read
   * from the stored transaction JSON (the indexer's `events` table, routes/indexer-query.ts).
   */
  eventsAfter(args: { after: bigint; types: string[]; limit: number }): StoredEvent[] {
    // Versions are SQLite integers; one past the largest safe one names no transaction here.
    if (args.after >= BigInt(Number.MAX_SAFE_INTEGER)) return [];
    const marks = args.types.map(() => "?").join(", ");
    return this.sql
      .exec<StoredEvent>(
        `SELECT t.version AS version, CAST(e.key AS INTEGER) AS eventIndex,
           json_extract(e.value, '$.type') AS type, json_extract(e.value, '$.data') AS data
         FROM node_transactions t, json_each(t.body, '$.events') e
         WHERE t.version > ? AND json_extract(e.value, '$.type') IN (${marks})
         ORDER BY t.version, e.key LIMIT ?`,
        Number(args.after),
        ...args.types,
        args.limit,
      )
      .toArray();
  }

  meta(key: string): string | null {
    const row = this.sql
      .exec<{ value: string }>("SELECT value FROM node_meta WHERE key = ?", key)
      .toArray()[0];
    return row ? row.value : null;
  }

  setMeta(key: string, value: string): void {
    this.sql.exec(
      "INSERT INTO node_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      key,
      value,
    );
  }
}
