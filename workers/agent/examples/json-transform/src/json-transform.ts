import { MISSING, parseOutputPath, parseSourcePath, readPath, writePath } from "./json-path.js";

/** What to do when a source path finds nothing. */
export type MissingPolicy = "omit" | "null" | "fail";

/**
 * Builds a new object from `document`: each entry of `select` maps an output path to a source
 * path, e.g. `{ "out.name": "user.name", "first": "items[0]" }`. Paths must parse (the agent's
 * input schema checks them first); clashing output paths and, under "fail", missing sources throw.
 */
export function transformJson(args: {
  document: unknown;
  select: Readonly<Record<string, string>>;
  missing: MissingPolicy;
}): { result: Record<string, unknown>; missingPaths: string[] } {
  const result: Record<string, unknown> = {};
  const missingPaths: string[] = [];
  for (const [outputPath, sourcePath] of Object.entries(args.select)) {
    const output = parseOutputPath(outputPath);
    const source = parseSourcePath(sourcePath);
    if (!output.ok) throw new Error(`select key "${outputPath}": ${output.message}`);
    if (!source.ok) throw new Error(`select["${outputPath}"]: ${source.message}`);
    const value = readPath(args.document, source.segments);
    if (value === MISSING) {
      missingPaths.push(sourcePath);
      if (args.missing === "fail") throw new Error(`source path "${sourcePath}" not found`);
      if (args.missing === "omit") continue;
    }
    writePath(result, output.keys, value === MISSING ? null : value);
  }
  return { result, missingPaths };
}
