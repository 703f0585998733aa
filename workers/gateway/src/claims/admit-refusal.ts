import { appError } from "#shared/errors/app-error";
import { errorAnswer, type GatewayAnswer } from "../http/respond.js";
import { storedAnswer } from "../http/stored-answer.js";
import type { AdmitResult } from "./claims-types.js";

/**
 * The answer for an admission that does not go on: a replayed proof, a stored idempotent answer,
 * a key in conflict or in progress, or nothing left to claim. Null when admitted. One place for
 * every route that admits (docs/gateway.md, "Idempotency").
 */
export function admitRefusal(admitted: AdmitResult, processId: string): GatewayAnswer | null {
  switch (admitted.kind) {
    case "admitted":
      return null;
    case "stored_answer":
      return storedAnswer(admitted);
    case "replayed_signature":
      return errorAnswer(
        appError("unauthorized", "This caller proof was already used; sign each request afresh", {
          reason: "replayed_signature",
        }),
        { processId },
      );
    case "idempotency_conflict":
      return errorAnswer(appError("conflict", "This Idempotency-Key was used with another body"), {
        processId,
      });
    case "idempotency_in_progress":
      return errorAnswer(
        appError("conflict", "A request with this Idempotency-Key is still running"),
        { processId },
      );
    case "no_payment":
      return errorAnswer(appError("payment_required"), { processId });
  }
}
