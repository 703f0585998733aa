/** The questions the claims object answers in one call, in the order of checks. */
export type AdmitArgs = {
  transactionId: string;
  /** Whole seconds since the epoch, the Worker's clock (expiry of signatures and answers). */
  nowSeconds: number;
  /** A verified caller proof's signature, refused when seen before. */
  proof?: { signature: string; expiresAt: number };
  /** Scoped to (route, userAddress): the object is per user, the route is part of the key. */
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
  | { kind: "admitted"; taskId: string | null };

export type FinishArgs = {
  transactionId: string;
  taskId: string | null;
  /** false releases the claim, so the payment can be used again (or refunded). */
  agentSucceeded: boolean;
  idempotency?: IdempotencyKey;
  answer?: { status: number; body: string };
};

/** How long an idempotent answer is kept. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

/** The claims object of one (processId, userAddress), as the routes use it. */
export type ClaimsApi = {
  admit(args: AdmitArgs): Promise<AdmitResult>;
  finish(args: FinishArgs): Promise<void>;
  unclaimed(taskIds: readonly string[]): Promise<string[]>;
};
