import { type AppError, appError } from "./app-error.js";

/** The part of a zod issue we read; structural, so this file needs no zod import. */
export type IssueLike = {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly code?: string;
};

/**
 * Where the value came from, so the message says `body.amount` or `query.limit` (`data`: an
 * AgentRequest's data, the input an agent's schema reads; `result`: what an agent's handler returned).
 */
export type InputLocation =
  | "body"
  | "param"
  | "query"
  | "header"
  | "config"
  | "args"
  | "data"
  | "result";

const MAX_ISSUES_IN_MESSAGE = 3;

export function issuePath(location: InputLocation | undefined, path: readonly PropertyKey[]) {
  let out = location ?? "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else out += out === "" ? String(segment) : `.${String(segment)}`;
  }
  return out === "" ? "input" : out;
}

// zod reports a missing field as a type mismatch against `undefined`; say it plainly.
function issueText(issue: IssueLike): string {
  if (issue.code === "invalid_type" && issue.message.endsWith("received undefined")) {
    return "required";
  }
  return issue.message;
}

/**
 * One line naming each failing field: "body.userAddress: invalid address; body.amount: required".
 * Past `maxIssues` (3) it says "and N more"; a configuration error names every bad setting.
 */
export function formatZodIssue(
  issues: readonly IssueLike[],
  location?: InputLocation,
  { maxIssues = MAX_ISSUES_IN_MESSAGE }: { maxIssues?: number } = {},
): string {
  const parts = issues
    .slice(0, maxIssues)
    .map((issue) => `${issuePath(location, issue.path)}: ${issueText(issue)}`);
  const more = issues.length - maxIssues;
  if (more > 0) parts.push(`and ${more} more`);
  return parts.length === 0 ? "invalid input" : parts.join("; ");
}

/** validation_failed with the readable message and every issue as details. */
export function validationError(issues: readonly IssueLike[], location?: InputLocation): AppError {
  return appError("validation_failed", formatZodIssue(issues, location), {
    issues: issues.map((issue) => ({
      path: issuePath(location, issue.path),
      message: issueText(issue),
    })),
  });
}
