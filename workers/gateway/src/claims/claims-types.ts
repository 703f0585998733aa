/** The questions the claims object answers in one call, in the order of docs/gateway.md. */
export type AdmitArgs = {
  transactionId: string;
  /** Whole seconds since the epoch, the Worker's clock (expiry of signatures and answers). */
  nowSeconds: number;
  /** A verified caller proof's signature, refused when seen before. */
  proof?: { signature: string; expiresAt: number };
  /**
   * Scoped to (route, proven userAddress): the object is per user, the route is part of the key,
   * and the routes pass a key only with a verified caller proof.
   */
  idempotency?: IdempotencyKey & { bodyHash: string };
  /** Usable payments, oldest first; when given, one of them must be claimed. */
  claimFrom?: readonly string[];
};

export type IdempotencyKey = { route: string; key: string };

export type AdmitResult =
  | { kind: "replayed_signature" }
  | { kind: "stored_answer"; status: number; body: string }
  | { kind: "idempotency_conflict" }
  | { kind: "idempotency_in_progress" }
  | { kind: "no_payment" }
  /** `idempotent` is false when the key could not be recorded (the object's cap is reached). */
  | { kind: "admitted"; taskId: string | null; idempotent: boolean };

export type FinishArgs = {
  transactionId: string;
  /** The claimed payment: marked used whatever the run's outcome, since a claim is final. */
  taskId: string | null;
  idempotency?: IdempotencyKey;
  /** The answer to replay for the key; without it the key is forgotten and a retry runs anew. */
  answer?: { status: number; body: string };
};

/** A page of the payer's paid runs, for a caller proof not seen before (ListTasks). */
export type PaidRunsArgs = {
  nowSeconds: number;
  proof: { signature: string; expiresAt: number };
  /** Runs claimed before this time are no longer kept (runs/run-id-age.ts): not listed. */
  sinceSeconds: number;
  /** The last transaction id of the previous page, or null for the first. */
  before: string | null;
  limit: number;
};

export type PaidRunsResult =
  | { kind: "replayed_signature" }
  /** `total`: runs claimed since `sinceSeconds`, on every page. */
  | { kind: "page"; transactionIds: string[]; more: boolean; total: number };

/** How long an idempotent answer is kept. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

/**
 * Caps per claims object, so no caller can grow one without bound (docs/gateway.md,
 * "Idempotency"): live keys, and the bytes of stored answers. Over either cap a request still
 * runs, but its key and answer are not stored.
 */
export const IDEMPOTENCY_MAX_KEYS = 1_000;
export const IDEMPOTENCY_MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** The claims object of one (processId, userAddress), as the routes use it. */
export type ClaimsApi = {
  admit(args: AdmitArgs): Promise<AdmitResult>;
  finish(args: FinishArgs): Promise<void>;
  unclaimed(taskIds: readonly string[]): Promise<string[]>;
};
