import type { z } from "zod";

/** "data.items.0: Invalid input: expected string, received number; ..." — each issue names its field. */
export function describeIssues(error: z.ZodError, prefix: readonly PropertyKey[] = []): string {
  return error.issues
    .map((issue) => {
      const path = [...prefix, ...issue.path].map(String).join(".");
      return path === "" ? issue.message : `${path}: ${issue.message}`;
    })
    .join("; ");
}
