import { type OutputUnit, validate } from "@cfworker/json-schema";
import { fail, ok, type Result } from "#shared/errors/app-error";
import { type IssueLike, validationError } from "#shared/errors/validation";
import type { JsonObject } from "#shared/schemas/common";
import { agentSchemaOf, type SchemaSource } from "./agent-schema.js";
import { meteredData, Unchecked } from "./metered-data.js";
import { checkPlanOf, schemaRefusalError } from "./schema-budget.js";

/** Errors read to name the failing fields, and the length of one issue's message. */
const MAX_ERRORS_READ = 20;
const MAX_MESSAGE_LENGTH = 200;

/**
 * Keywords whose failure only says that something inside failed; the error inside names the
 * field, so these are dropped when it is there.
 */
const WRAPPERS = new Set([
  "properties",
  "additionalProperties",
  "patternProperties",
  "unevaluatedProperties",
  "items",
  "prefixItems",
  "unevaluatedItems",
  "contains",
  "$ref",
  "$dynamicRef",
  "allOf",
  "dependentSchemas",
  "if",
  "then",
  "else",
]);

/** `#/select/a~1b/0` -> ["select", "a/b", 0] (RFC 6901; digits are read as array indexes). */
function pointerPath(location: string): PropertyKey[] {
  const pointer = location.replace(/^#/, "");
  if (pointer === "") return [];
  return pointer
    .split("/")
    .slice(1)
    .map((raw) => {
      const segment = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
      return /^(0|[1-9][0-9]*)$/.test(segment) ? Number(segment) : segment;
    });
}

const REQUIRED = /required property "(.*)"/;

/** Every location `location` is inside: `#/a/b` -> `#/a`, `#`. */
function ancestors(location: string): string[] {
  const out: string[] = [];
  for (
    let slash = location.lastIndexOf("/");
    slash > 0;
    slash = location.lastIndexOf("/", slash - 1)
  ) {
    out.push(location.slice(0, slash));
  }
  return out;
}

/**
 * The most specific of the first MAX_ERRORS_READ errors, as issues naming the field under `data`:
 * those at a location no other error is inside of, and of those, not a wrapper where a specific
 * error names the same location. Linear in the errors read (two sets).
 */
function issuesOf(allErrors: readonly OutputUnit[]): IssueLike[] {
  const errors = allErrors.slice(0, MAX_ERRORS_READ);
  const locations = new Set(errors.map((error) => error.instanceLocation));
  const outer = new Set([...locations].flatMap(ancestors));
  const deepest = errors.filter((error) => !outer.has(error.instanceLocation));
  const named = new Set(
    deepest.filter((error) => !WRAPPERS.has(error.keyword)).map((error) => error.instanceLocation),
  );
  const specific = deepest.filter(
    (error) => !WRAPPERS.has(error.keyword) || !named.has(error.instanceLocation),
  );
  return specific.map((error) => {
    const path = ["data", ...pointerPath(error.instanceLocation)];
    const missing = error.keyword === "required" ? REQUIRED.exec(error.error) : null;
    if (missing?.[1] !== undefined) return { path: [...path, missing[1]], message: "required" };
    return { path, message: error.error.replace(/\.$/, "").slice(0, MAX_MESSAGE_LENGTH) };
  });
}

/**
 * An execute's `data` checked against the process's published input schema, before anything is
 * claimed (docs/gateway.md, "Execute" and "What the gateway checks"): ok when it conforms, else
 * validation_failed naming the first failing field (`body.data.text: ...`). The check is bounded:
 * it runs the schema's checked copy (no owner regex), stops at the first failure, and data it
 * cannot check within its budget (metered-data.ts) is left to the agent, which checks its input
 * anyway: ok. A schema over the budget is refused when it is fetched (agent-schema.ts), so the
 * refusal here only repeats that one. Anything else the validator throws is the gateway's own
 * fault and goes to its error handler, never blamed on the caller or the agent.
 */
export function checkExecuteData(args: {
  data: JsonObject;
  inputSchema: JsonObject;
}): Result<true> {
  const plan = checkPlanOf(args.inputSchema);
  if ("refusal" in plan) return fail(schemaRefusalError(plan));
  let result: ReturnType<typeof validate>;
  try {
    result = validate(meteredData(args.data, plan), plan.schema, "2020-12", plan.lookup, true);
  } catch (error) {
    // URIError: the validator writes each property name it visits into an error path with
    // encodeURI, which throws on a name holding a lone surrogate. Schema names were written once
    // when the schema was accepted, so this is a name in `data`: valid JSON, left to the agent.
    if (error instanceof Unchecked || error instanceof URIError) return ok(true);
    throw error;
  }
  if (result.valid) return ok(true);
  return fail(validationError(issuesOf(result.errors), "body"));
}

/**
 * The step of execute before anything is claimed (docs/gateway.md, "Execute"): the agent's
 * published input schema, fetched or reused (agent-schema.ts), applied to `data`. An agent that
 * publishes none is left to check its input itself; one that cannot be asked is refused here,
 * since the run would fail too, and nothing is claimed.
 */
export async function checkAgainstAgentSchema(args: {
  source: SchemaSource;
  data: JsonObject;
}): Promise<Result<true>> {
  const schema = await agentSchemaOf(args.source);
  if (!schema.ok) return schema;
  if (schema.value === null) return ok(true);
  return checkExecuteData({ data: args.data, inputSchema: schema.value.inputSchema });
}
