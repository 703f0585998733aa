import { expect } from "vitest";
import type { z } from "zod";
import type { CliResult } from "./run-cli.js";

/** Parses a --json result from stdout and checks it against a schema; fails with both streams shown. */
export function jsonResult<S extends z.ZodType>(result: CliResult, schema: S): z.output<S> {
  if (result.code !== 0) {
    throw new Error(`exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`);
  }
  const parsed = schema.safeParse(JSON.parse(result.stdout));
  if (!parsed.success) {
    throw new Error(`stdout does not match the schema: ${parsed.error.message}\n${result.stdout}`);
  }
  return parsed.data;
}

/** A failure: the exit code, one line on stderr, nothing on stdout. */
export function expectFailure(result: CliResult, code: number, pattern: RegExp): void {
  expect({ code: result.code, stderr: result.stderr }).toMatchObject({
    code,
    stderr: expect.stringMatching(pattern),
  });
  expect(result.stderr.trim().split("\n")).toHaveLength(1);
}
