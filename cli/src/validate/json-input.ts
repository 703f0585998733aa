import { usageError } from "../errors/cli-error.js";

export type ReadText = (path: string) => string;

/**
 * `-d/--data` and `-c/--config`: inline JSON when the value starts like JSON, otherwise a path to
 * a JSON file. Returns the parsed value, unvalidated: the caller checks it against its schema.
 */
export function readJsonArgument(args: {
  option: string;
  value: string;
  readText: ReadText;
  allowInline: boolean;
}): unknown {
  const trimmed = args.value.trim();
  const inline = args.allowInline && /^[[{"]/.test(trimmed);
  let text: string;
  if (inline) {
    text = trimmed;
  } else {
    try {
      text = args.readText(trimmed);
    } catch {
      throw usageError(
        `--${args.option}: cannot read file "${trimmed.slice(0, 200)}"${args.allowInline ? " (and it is not inline JSON)" : ""}`,
      );
    }
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : "invalid JSON";
    throw usageError(
      `--${args.option}: ${inline ? "" : `${trimmed.slice(0, 200)}: `}not valid JSON (${reason})`,
    );
  }
}
