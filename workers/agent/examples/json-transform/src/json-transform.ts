import { MAX_RESULT_BYTES } from "../../../src/index.js";
import { MISSING, parseOutputPath, parseSourcePath, readPath, writePath } from "./json-path.js";
import { jsonBytesWithin, stringBytes } from "./json-size.js";

/** `{"result":…}` around the built object, as the agent returns it. */
const WRAPPER_BYTES = stringBytes("result") + 3;

/** What to do when a source path finds nothing. */
export type MissingPolicy = "omit" | "null" | "fail";

/**
 * Builds a new object from `document`: each entry of `select` maps an output path to a source
 * path, e.g. `{ "out.name": "user.name", "first": "items[0]" }`. Paths must parse (the agent's
 * input schema checks them first); clashing output paths and, under "fail", missing sources throw.
 * So does a result that would pass the agent's result limit, before the selection that would
 * pass it is added (each output key is counted in full, so the count errs on the high side).
 */
export function transformJson(args: {
  document: unknown;
  select: Readonly<Record<string, string>>;
  missing: MissingPolicy;
}): { result: Record<string, unknown>; missingPaths: string[] } {
  const result: Record<string, unknown> = {};
  const missingPaths: string[] = [];
  let resultBytes = WRAPPER_BYTES + 2;
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
    const selected = value === MISSING ? null : value;
    const keyBytes = output.keys.reduce((sum, key) => sum + stringBytes(key) + 4, 0);
    const valueBytes = jsonBytesWithin(selected, MAX_RESULT_BYTES - resultBytes - keyBytes);
    if (valueBytes === null) {
      throw new Error(`result would exceed ${MAX_RESULT_BYTES} bytes at select["${outputPath}"]`);
    }
    resultBytes += keyBytes + valueBytes;
    writePath(result, output.keys, selected);
  }
  return { result, missingPaths };
}
