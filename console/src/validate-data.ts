import { type OutputUnit, type Schema, Validator } from "@cfworker/json-schema";

/**
 * Run data checked in the browser against the process's input schema, before anything is sent,
 * with the validator the gateway itself uses (@cfworker/json-schema, draft 2020-12; docs/gateway.md,
 * "What the gateway checks"): the schema's message for each failing field, keyed by the top-level
 * property it is under ("" for the data as a whole).
 */
export type DataProblems = Record<string, string>;

const REQUIRED = /required property "(.*)"/;

/** `#/a~1b/0` -> "a/b": the top-level property an error is under. */
function topProperty(location: string): string {
  const first = location.replace(/^#\/?/, "").split("/")[0] ?? "";
  return decodeURIComponent(first).replace(/~1/g, "/").replace(/~0/g, "~");
}

function problemOf(error: OutputUnit): [string, string] {
  const missing = error.keyword === "required" ? REQUIRED.exec(error.error) : null;
  if (missing?.[1] !== undefined) return [missing[1], "is required"];
  return [topProperty(error.instanceLocation), error.error.replace(/\.$/, "")];
}

// It runs the published schema as it is, `pattern` included, in the user's tab: docs/console.md,
// "Next", says what closes that.
export function checkRunData(schema: Record<string, unknown>, data: unknown): DataProblems {
  let result: ReturnType<Validator["validate"]>;
  try {
    result = new Validator(schema as Schema, "2020-12", false).validate(data);
  } catch {
    // A schema this validator cannot read is the gateway's to judge, as it does on execute.
    return {};
  }
  const problems: DataProblems = {};
  // The most specific message per property: errors come outer first, the deeper one wins.
  for (const error of result.errors) {
    if (error.keyword === "properties" || error.keyword === "$ref") continue;
    const [field, message] = problemOf(error);
    problems[field] = message;
  }
  return problems;
}
