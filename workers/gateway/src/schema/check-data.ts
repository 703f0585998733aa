import { type OutputUnit, Validator } from "@cfworker/json-schema";
import { type AppError, appError } from "#shared/errors/app-error";
import { type IssueLike, validationError } from "#shared/errors/validation";
import type { JsonObject } from "#shared/schemas/common";
import { agentSchemaOf, type SchemaSource } from "./agent-schema.js";

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

// One compiled validator per published schema object (agent-schema.ts keeps those objects while
// they are cached).
const validators = new WeakMap<JsonObject, Validator>();

function validatorOf(schema: JsonObject): Validator {
  let validator = validators.get(schema);
  if (validator === undefined) {
    validator = new Validator(schema as object, "2020-12", false);
    validators.set(schema, validator);
  }
  return validator;
}

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

/** The most specific errors, as issues naming the field under `data`. */
function issuesOf(errors: readonly OutputUnit[]): IssueLike[] {
  const deepest = errors.filter(
    (error) =>
      !errors.some((other) => other.instanceLocation.startsWith(`${error.instanceLocation}/`)),
  );
  const specific = deepest.filter(
    (error) =>
      !WRAPPERS.has(error.keyword) ||
      !deepest.some(
        (other) =>
          other.instanceLocation === error.instanceLocation && !WRAPPERS.has(other.keyword),
      ),
  );
  return specific.map((error) => {
    const path = ["data", ...pointerPath(error.instanceLocation)];
    const missing = error.keyword === "required" ? REQUIRED.exec(error.error) : null;
    if (missing?.[1] !== undefined) return { path: [...path, missing[1]], message: "required" };
    return { path, message: error.error.replace(/\.$/, "") };
  });
}

/**
 * An execute's `data` checked against the process's published input schema, before anything is
 * claimed (docs/gateway.md, "Execute"): null when it conforms, else validation_failed naming each
 * field (`body.data.text: ...`). A schema the validator cannot apply (a broken `$ref`) is the
 * agent's fault, not the caller's: agent_unavailable, nothing claimed either.
 */
export function checkExecuteData(args: {
  data: JsonObject;
  inputSchema: JsonObject;
}): AppError | null {
  let result: ReturnType<Validator["validate"]>;
  try {
    result = validatorOf(args.inputSchema).validate(args.data);
  } catch {
    return appError("agent_unavailable", "The process's published input schema cannot be applied");
  }
  if (result.valid) return null;
  return validationError(issuesOf(result.errors), "body");
}

/**
 * The step of execute before anything is claimed (docs/gateway.md, "Execute"): the agent's
 * published input schema, fetched or reused (agent-schema.ts), applied to `data`. An agent that
 * publishes none is left to check its input itself; one that cannot be asked is refused here,
 * since the run would fail too, and nothing is claimed.
 */
export async function executeDataRefusal(args: {
  source: SchemaSource;
  data: JsonObject;
}): Promise<AppError | null> {
  const schema = await agentSchemaOf(args.source);
  if (!schema.ok) return schema.error;
  if (schema.value === null) return null;
  return checkExecuteData({ data: args.data, inputSchema: schema.value.inputSchema });
}
