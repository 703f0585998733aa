import { z } from "zod";
import { LedgerError } from "./errors.js";

/** A view's JSON answer is an array of return values; most views return exactly one. */
export function single<T extends z.ZodType>(schema: T) {
  return z.tuple([schema]).transform(([value]) => value);
}

/** For getters that answer null: true when `error` is the abort `name` (e.g. EPROCESS_NOT_FOUND). */
export function isAbort(error: unknown, ...names: string[]): boolean {
  return (
    error instanceof LedgerError &&
    error.kind === "abort" &&
    error.abort?.name !== undefined &&
    names.includes(error.abort.name)
  );
}

/** Runs a getter, turning the given not-found aborts into null. */
export async function orNull<T>(work: () => Promise<T>, ...notFound: string[]): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (isAbort(error, ...notFound)) return null;
    throw error;
  }
}
