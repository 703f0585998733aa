import { z } from "zod";

/** Wall-clock instants in HTTP bodies: ISO 8601 in UTC, as `Date.prototype.toISOString` gives. */
export const isoTimestampSchema = z.iso
  .datetime()
  .meta({ description: "ISO 8601 timestamp (UTC)", example: "2026-01-01T00:00:00.000Z" });

/** A JSON object (not an array, not null): agent input data and results. */
export const jsonObjectSchema = z.record(z.string(), z.unknown());

export type JsonObject = z.infer<typeof jsonObjectSchema>;
