import type { Hook } from "@hono/zod-openapi";
import type { ValidationTargets } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { AppErrorException } from "#shared/errors/app-error";
import { type InputLocation, validationError } from "#shared/errors/validation";
import type { GatewayApp } from "./gateway-app-types.js";

const LOCATION: Partial<Record<keyof ValidationTargets, InputLocation>> = {
  json: "body",
  param: "param",
  query: "query",
  header: "header",
};

// Hono hands header names over lowercased; messages name them as documented.
const HEADER_NAMES: Record<string, string> = { "idempotency-key": "Idempotency-Key" };

/**
 * The one validation hook of every route (OpenAPIHono's defaultHook): every failure, whatever
 * the route and input, becomes the same 400 body naming the failing fields (thrown, so the one
 * onError writes it).
 */
export const validationHook: Hook<unknown, GatewayApp, string, undefined> = (result) => {
  if (result.success) return;
  const issues = result.error.issues.map((issue) =>
    result.target === "header"
      ? { ...issue, path: issue.path.map((p) => HEADER_NAMES[String(p)] ?? p) }
      : issue,
  );
  throw new AppErrorException(validationError(issues, LOCATION[result.target]));
};

/**
 * The same validation for a route answered outside `openapi()` (a route documented with
 * registerPath whose answer is not built by `c.json`): the query or the path's parameters parsed
 * by `schema`, a failure the same 400 body as the hook's.
 */
function inputValidator<T>(target: "query" | "param", schema: z.ZodType<T>) {
  return validator(target, (value): T => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    throw new AppErrorException(validationError(parsed.error.issues, LOCATION[target]));
  });
}

export function queryValidator<T>(schema: z.ZodType<T>) {
  return inputValidator("query", schema);
}

export function paramValidator<T>(schema: z.ZodType<T>) {
  return inputValidator("param", schema);
}
