/**
 * What the claims object's clean-up reads (payment-claims-object.ts `alarm`): when its next
 * expiring row (a seen signature, an idempotency key) expires, and whether it holds anything at
 * all. Times are seconds since the epoch.
 */

/** The earliest expiry of a row that expires, or null when none is left. */
export function earliestExpiry(sql: SqlStorage): number | null {
  return sql
    .exec<{ at: number | null }>(
      `SELECT MIN(at) AS at FROM (
         SELECT MIN(expires_at) AS at FROM seen_signatures
         UNION ALL SELECT MIN(expires_at) FROM idempotency)`,
    )
    .one().at;
}

/** Whether the object holds no claim, no seen signature and no idempotency key. */
export function holdsNothing(sql: SqlStorage): boolean {
  return (
    sql
      .exec<{ rows: number }>(
        `SELECT (SELECT COUNT(*) FROM claims) + (SELECT COUNT(*) FROM seen_signatures)
           + (SELECT COUNT(*) FROM idempotency) AS rows`,
      )
      .one().rows === 0
  );
}
