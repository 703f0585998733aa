import { z } from "zod";
import { defineAgent } from "../../../src/index.js";
import { parseOutputPath, parseSourcePath } from "./json-path.js";
import { transformJson } from "./json-transform.js";

const MAX_SELECTIONS = 100;

const selectSchema = z.record(z.string(), z.string()).superRefine((select, ctx) => {
  const entries = Object.entries(select);
  if (entries.length === 0)
    ctx.addIssue({ code: "custom", message: "must select at least one path" });
  if (entries.length > MAX_SELECTIONS) {
    ctx.addIssue({ code: "custom", message: `may select at most ${MAX_SELECTIONS} paths` });
  }
  for (const [outputPath, sourcePath] of entries) {
    const output = parseOutputPath(outputPath);
    if (!output.ok)
      ctx.addIssue({
        code: "custom",
        path: [outputPath],
        message: `output path: ${output.message}`,
      });
    const source = parseSourcePath(sourcePath);
    if (!source.ok)
      ctx.addIssue({
        code: "custom",
        path: [outputPath],
        message: `source path: ${source.message}`,
      });
  }
});

/** Selects and renames fields of `data.document` by the dotted paths of `data.select`. */
export const jsonTransformAgent = defineAgent({
  id: "json-transform",
  name: "JSON transformer",
  workflows: ["json"],
  description:
    "Selects and renames fields of a JSON document by dotted paths (out.name <- user.name, items[*].id)",
  input: z.object({
    document: z.json(),
    select: selectSchema,
    missing: z.enum(["omit", "null", "fail"]).default("omit"),
  }),
  output: z.object({ result: z.record(z.string(), z.json()) }),
  handler: async ({ input, log }) => {
    const { result, missingPaths } = transformJson(input);
    for (const path of missingPaths) log.warn(`source path "${path}" not found`);
    return { result };
  },
});
