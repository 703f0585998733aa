import { STRUCTS, type StructName } from "./structs.js";

const PRIMITIVES = new Set(["bool", "u8", "u16", "u32", "u64", "u128", "u256", "address"]);

/**
 * Turns a Move-source type from the tables (`String`, `Option<Pricing>`, `vector<Task>`) into the
 * fully qualified form the REST API and the ts-sdk use (`0x1::string::String`,
 * `0x1::option::Option<0xcafe::process_registry::Pricing>`).
 */
export function qualifiedType(type: string, moduleAddress: string): string {
  const t = type.trim();
  if (PRIMITIVES.has(t)) return t;
  if (t === "String") return "0x1::string::String";
  const generic = /^(vector|Option)<(.+)>$/.exec(t);
  if (generic) {
    const [, outer, inner = ""] = generic;
    const q = qualifiedType(inner, moduleAddress);
    return outer === "vector" ? `vector<${q}>` : `0x1::option::Option<${q}>`;
  }
  if (t in STRUCTS) return `${moduleAddress}::${STRUCTS[t as StructName].module}::${t}`;
  throw new Error(`unknown Move type in the contract table: ${type}`);
}
