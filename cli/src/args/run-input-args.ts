import type { ArgsDef } from "citty";

/** Which process runs and on what data: the options of `run` and `a2a send`. */
export const runInputArgs = {
  id: { type: "string", alias: "i", required: true, valueHint: "id", description: "Process id" },
  data: {
    type: "string",
    alias: "d",
    valueHint: "json|path",
    description: "Input data: a JSON object, or a path to a JSON file (default {})",
  },
} as const satisfies ArgsDef;
