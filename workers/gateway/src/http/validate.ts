import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { AppErrorException } from "#shared/errors/app-error";
import { type InputLocation, validationError } from "#shared/errors/validation";

const LOCATION: Record<"json" | "param" | "query", InputLocation> = {
  json: "body",
  param: "param",
  query: "query",
};

/**
 * The one validator wrapper: every failure, whatever the route, becomes the same 400 body
 * naming the failing fields (thrown, so the one onError writes it).
 */
export function validate<
  T extends z.ZodType,
  Target extends keyof ValidationTargets & keyof typeof LOCATION,
>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      throw new AppErrorException(validationError(result.error.issues, LOCATION[target]));
    }
  });
}
