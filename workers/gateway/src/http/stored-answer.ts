import { jsonObjectSchema } from "#shared/schemas/common";
import type { GatewayAnswer } from "./respond.js";

/** An answer kept for an Idempotency-Key, returned as it was first given. */
export function storedAnswer(stored: { status: number; body: string }): GatewayAnswer {
  return {
    status: stored.status as GatewayAnswer["status"],
    body: jsonObjectSchema.parse(JSON.parse(stored.body)),
  };
}
