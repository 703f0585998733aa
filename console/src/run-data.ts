import { isRecord } from "./guards.js";
import { formData, type SchemaField } from "./schema-fields.js";
import { checkRunData, type DataProblems } from "./validate-data.js";

/** An Aptos account address as the execute body takes it (shared/src/schemas/address.ts). */
const ADDRESS = /^0x[0-9a-fA-F]{1,64}$/;

/** The key of problems with the caller's address, beside the data's fields. */
export const ADDRESS_FIELD = "userAddress";
/** The key of problems with the data as a whole (the schema's root, the raw JSON). */
export const DATA_FIELD = "";

/**
 * The run form's contents checked before anything is sent (docs/console.md, "Run form"): the
 * data, from the fields or the raw JSON, and every problem the input schema finds in it.
 */
export function checkRunForm(args: {
  mode: "form" | "json";
  fields: readonly SchemaField[];
  texts: Readonly<Record<string, string>>;
  raw: string;
  address: string;
  inputSchema: Record<string, unknown> | null;
}): { ok: true; data: Record<string, unknown> } | { ok: false; problems: DataProblems } {
  const problems: DataProblems = {};
  if (!ADDRESS.test(args.address.trim())) {
    problems[ADDRESS_FIELD] = "must be an account address: 0x and up to 64 hex digits";
  }
  let data: Record<string, unknown> | null = null;
  if (args.mode === "form") {
    const read = formData(args.fields, args.texts);
    if (read.ok) data = read.data;
    else problems[read.field] = read.message;
  } else {
    try {
      const value: unknown = JSON.parse(args.raw);
      if (isRecord(value)) data = value;
      else problems[DATA_FIELD] = "must be a JSON object";
    } catch {
      problems[DATA_FIELD] = "is not valid JSON";
    }
  }
  if (data !== null && args.inputSchema !== null) {
    Object.assign(problems, checkRunData(args.inputSchema, data));
  }
  if (data === null || Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, data };
}
