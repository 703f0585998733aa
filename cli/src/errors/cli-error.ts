import type { ExitKind } from "./exit-codes.js";

/**
 * An error meant for the user: its message is one line that says what went wrong and, where
 * possible, what to do; `kind` picks the exit code. Anything else thrown is a bug (exit 1).
 */
export class CliError extends Error {
  readonly kind: ExitKind;

  constructor(kind: ExitKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CliError";
    this.kind = kind;
  }
}

export function usageError(message: string): CliError {
  return new CliError("usage", message);
}
