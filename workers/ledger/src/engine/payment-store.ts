import { bytesToHex, hexToBytes } from "./move-values.js";
import type { OpenPayment, PaymentRecord } from "./records.js";
import { int, text } from "./schema.js";

export interface PaymentKey {
  process_id: string;
  task_id: string;
  payer: string;
}

function rowToPayment(row: Record<string, SqlStorageValue>): PaymentRecord {
  return {
    process_id: text(row, "process_id"),
    task_id: text(row, "task_id"),
    payer: text(row, "payer"),
    receiver: text(row, "receiver"),
    provider: text(row, "provider"),
    amount: BigInt(text(row, "amount")),
    currency: text(row, "currency"),
    status: int(row, "status"),
    outcome: int(row, "outcome"),
    result_hash: hexToBytes(text(row, "result_hash")),
    created_at: BigInt(text(row, "created_at")),
    updated_at: BigInt(text(row, "updated_at")),
    settle_time: BigInt(text(row, "settle_time")),
  };
}

export function readPayment(sql: SqlStorage, key: PaymentKey): PaymentRecord | undefined {
  const row = sql
    .exec(
      "SELECT * FROM pkg_payments WHERE process_id = ? AND task_id = ? AND payer = ?",
      key.process_id,
      key.task_id,
      key.payer,
    )
    .toArray()[0];
  return row === undefined ? undefined : rowToPayment(row);
}

export function insertPayment(sql: SqlStorage, p: PaymentRecord): void {
  sql.exec(
    `INSERT INTO pkg_payments (process_id, task_id, payer, receiver, provider, amount, currency,
       status, outcome, result_hash, created_at, updated_at, settle_time)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    p.process_id,
    p.task_id,
    p.payer,
    p.receiver,
    p.provider,
    p.amount.toString(),
    p.currency,
    p.status,
    p.outcome,
    bytesToHex(p.result_hash),
    p.created_at.toString(),
    p.updated_at.toString(),
    p.settle_time.toString(),
  );
}

/** Writes the three fields that change after creation, plus updated_at. */
export function savePaymentState(sql: SqlStorage, p: PaymentRecord): void {
  sql.exec(
    `UPDATE pkg_payments SET status = ?, outcome = ?, result_hash = ?, updated_at = ?
     WHERE process_id = ? AND task_id = ? AND payer = ?`,
    p.status,
    p.outcome,
    bytesToHex(p.result_hash),
    p.updated_at.toString(),
    p.process_id,
    p.task_id,
    p.payer,
  );
}

/** The operator that claimed the payment's run (claim_run), or undefined. */
export function readRunClaim(sql: SqlStorage, key: PaymentKey): string | undefined {
  const row = sql
    .exec(
      "SELECT operator FROM pkg_run_claims WHERE process_id = ? AND task_id = ? AND payer = ?",
      key.process_id,
      key.task_id,
      key.payer,
    )
    .toArray()[0];
  return row === undefined ? undefined : text(row, "operator");
}

export function insertRunClaim(sql: SqlStorage, key: PaymentKey, operator: string): void {
  sql.exec(
    "INSERT INTO pkg_run_claims (process_id, task_id, payer, operator) VALUES (?, ?, ?, ?)",
    key.process_id,
    key.task_id,
    key.payer,
    operator,
  );
}

export function openPaymentCount(sql: SqlStorage, processId: string, payer: string): number {
  const row = sql
    .exec(
      "SELECT COUNT(*) AS n FROM pkg_open_payments WHERE process_id = ? AND payer = ?",
      processId,
      payer,
    )
    .one();
  return int(row, "n");
}

/** Appends to the payer's list for the process: `seq` grows within the list, so order is age. */
export function addOpenPayment(sql: SqlStorage, key: PaymentKey): void {
  sql.exec(
    `INSERT INTO pkg_open_payments (process_id, payer, seq, task_id)
     SELECT ?1, ?2, COALESCE(MAX(seq), 0) + 1, ?3 FROM pkg_open_payments
     WHERE process_id = ?1 AND payer = ?2`,
    key.process_id,
    key.payer,
    key.task_id,
  );
}

/** Removes a payment that left ESCROW; the others keep their order (Move's vector::remove). */
export function removeOpenPayment(sql: SqlStorage, key: PaymentKey): void {
  sql.exec(
    "DELETE FROM pkg_open_payments WHERE process_id = ? AND payer = ? AND task_id = ?",
    key.process_id,
    key.payer,
    key.task_id,
  );
}

/** The payer's ESCROW payments for the process, oldest first. */
export function openPayments(sql: SqlStorage, processId: string, payer: string): OpenPayment[] {
  return sql
    .exec(
      `SELECT p.task_id, p.amount, p.outcome, p.settle_time
       FROM pkg_open_payments o JOIN pkg_payments p
         ON p.process_id = o.process_id AND p.task_id = o.task_id AND p.payer = o.payer
       WHERE o.process_id = ? AND o.payer = ? ORDER BY o.seq`,
      processId,
      payer,
    )
    .toArray()
    .map((row) => ({
      task_id: text(row, "task_id"),
      amount: BigInt(text(row, "amount")),
      outcome: int(row, "outcome"),
      settle_time: BigInt(text(row, "settle_time")),
    }));
}
