import { isRecord } from "./guards.js";

/**
 * The run form's fields, read from a process's input JSON Schema (docs/console.md, "Run form"):
 * one per top-level property of an object schema. A property the form cannot show as a single
 * input (an object, an array, a union) is a JSON field; a schema that is not an object with
 * properties has no fields, and the form offers raw JSON only.
 */
export type FieldKind = "string" | "integer" | "number" | "boolean" | "enum" | "json";

export type SchemaField = {
  name: string;
  kind: FieldKind;
  required: boolean;
  description: string | null;
  options: string[];
  /** The input's starting text: the schema's default, else empty. */
  initial: string;
};

function kindOf(property: Record<string, unknown>): FieldKind {
  if (Array.isArray(property.enum) && property.enum.every((v) => typeof v === "string")) {
    return "enum";
  }
  const type = property.type;
  if (type === "string" || type === "integer" || type === "number" || type === "boolean") {
    return type;
  }
  return "json";
}

function initialText(kind: FieldKind, value: unknown): string {
  if (value === undefined) return kind === "boolean" ? "false" : "";
  if (kind === "json") return JSON.stringify(value);
  return String(value);
}

export function schemaFields(schema: Record<string, unknown>): SchemaField[] {
  if (!isRecord(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(schema.properties).flatMap(([name, property]) => {
    if (!isRecord(property)) return [];
    const kind = kindOf(property);
    return [
      {
        name,
        kind,
        required: required.has(name),
        description: typeof property.description === "string" ? property.description : null,
        options: kind === "enum" && Array.isArray(property.enum) ? property.enum.map(String) : [],
        initial: initialText(kind, property.default),
      },
    ];
  });
}

/**
 * The data the form's texts say, by field kind: numbers as numbers when they read as one (else
 * the text, so the schema names the wrong type), JSON fields parsed, empty optional fields left
 * out (see below). A JSON field that does not parse is an error naming it.
 */
export function formData(
  fields: readonly SchemaField[],
  texts: Readonly<Record<string, string>>,
): { ok: true; data: Record<string, unknown> } | { ok: false; field: string; message: string } {
  const data: Record<string, unknown> = {};
  for (const field of fields) {
    const text = texts[field.name] ?? field.initial;
    // An empty input is a missing value, which the schema's `required` names; a required string
    // is sent empty, so the schema's own length rule speaks.
    if (text === "" && !(field.required && field.kind === "string")) continue;
    if (field.kind === "integer" || field.kind === "number") {
      data[field.name] = text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : text;
    } else if (field.kind === "boolean") {
      data[field.name] = text === "true";
    } else if (field.kind === "json") {
      try {
        data[field.name] = JSON.parse(text);
      } catch {
        return { ok: false, field: field.name, message: "is not valid JSON" };
      }
    } else {
      data[field.name] = text;
    }
  }
  return { ok: true, data };
}
