import { formatKeyValues, formatTable } from "./format.js";

/** The part of a JSON Schema the human view reads; anything else is shown as JSON by --json. */
type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function typeOf(node: Node): string {
  if (Array.isArray(node.enum)) return node.enum.map((v) => JSON.stringify(v)).join(" | ");
  if ("const" in node) return JSON.stringify(node.const);
  if (typeof node.$ref === "string") return "json";
  const union = Array.isArray(node.anyOf)
    ? node.anyOf
    : Array.isArray(node.oneOf)
      ? node.oneOf
      : null;
  if (union !== null)
    return union.map((member) => (isNode(member) ? typeOf(member) : "?")).join(" | ");
  const type = Array.isArray(node.type) ? node.type.join(" | ") : node.type;
  if (type === "array" && isNode(node.items)) return `${typeOf(node.items)}[]`;
  return typeof type === "string" ? type : "any";
}

const RULES: readonly [keyword: string, label: string][] = [
  ["minLength", "min length"],
  ["maxLength", "max length"],
  ["minimum", "min"],
  ["maximum", "max"],
  ["minItems", "min items"],
  ["maxItems", "max items"],
  ["pattern", "pattern"],
  ["default", "default"],
];

function rulesOf(node: Node): string {
  const rules = RULES.filter(([keyword]) => keyword in node).map(
    ([keyword, label]) => `${label} ${JSON.stringify(node[keyword])}`,
  );
  if (typeof node.description === "string") rules.push(node.description);
  return rules.length === 0 ? "-" : rules.join(", ");
}

/** The top-level fields of an object schema as table rows: field, type, required, rules. */
export function schemaFieldRows(schema: Node): string[][] {
  const properties = isNode(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(properties).map(([name, node]) => {
    const field = isNode(node) ? node : {};
    return [name, typeOf(field), required.has(name) ? "yes" : "no", rulesOf(field)];
  });
}

/** `openEnded`: say that fields beyond those listed are taken (input only: a caller's question). */
function fieldsText(schema: Node, openEnded: boolean): string {
  const rows = schemaFieldRows(schema);
  const extra =
    openEnded && schema.additionalProperties !== false ? "\n(other fields are accepted)" : "";
  if (rows.length === 0) return `${typeOf(schema)}${extra}`;
  return `${formatTable(["field", "type", "required", "rules"], rows)}${extra}`;
}

/** `agentgate schema`'s human view: the fields of `data`, then of `result` when published. */
export function schemaView(args: {
  processId: string;
  inputSchema: Node;
  outputSchema?: Node | undefined;
}): string {
  const sections = [
    formatKeyValues([["process", args.processId]]),
    `data (what the execute body's "data" may hold)\n${fieldsText(args.inputSchema, true)}`,
  ];
  if (args.outputSchema !== undefined) {
    sections.push(`result (what a completed run returns)\n${fieldsText(args.outputSchema, false)}`);
  }
  sections.push("The full JSON Schemas: add --json.");
  return sections.join("\n\n");
}
