import { stripVTControlCharacters } from "node:util";
import { CliError } from "./cli-error.js";
import { EXIT_CODES, type ExitKind } from "./exit-codes.js";
import { redactSecrets } from "./secrets.js";

export interface DescribedError {
  kind: ExitKind;
  exitCode: number;
  message: string;
  /** The submitted transaction the error is about (it committed and failed, or never did). */
  transactionHash?: string;
}

interface LedgerErrorLike {
  name: "LedgerError";
  kind: string;
  message: string;
  abort?: { category?: string };
  hash?: string;
}

// Structural, so the entry point can classify ledger errors without loading the ledger client.
function isLedgerErrorLike(error: unknown): error is LedgerErrorLike {
  return (
    error instanceof Error &&
    error.name === "LedgerError" &&
    typeof (error as { kind?: unknown }).kind === "string"
  );
}

function ledgerExitKind(error: LedgerErrorLike): ExitKind {
  switch (error.kind) {
    case "invalid_input":
      return "usage";
    case "not_found":
      return "not_found";
    case "network":
      return "unreachable";
    case "abort":
      // A view or transaction that aborts because the record is missing is a "not found".
      return error.abort?.category === "not_found" ? "not_found" : "refused";
    case "rejected":
      return "refused";
    default:
      return "unexpected";
  }
}

/** citty's own parse errors (unknown command, missing required option) are usage errors. */
function isCittyUsageError(error: unknown): error is Error {
  return error instanceof Error && error.name === "CLIError";
}

/** One line for the user and the exit code; keys read in this run never appear in it. */
export function describeError(error: unknown): DescribedError {
  let kind: ExitKind;
  let message: string;
  let transactionHash: string | undefined;
  if (error instanceof CliError) {
    kind = error.kind;
    message = error.message;
  } else if (isLedgerErrorLike(error)) {
    kind = ledgerExitKind(error);
    message = /INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE/.test(error.message)
      ? `${error.message}: the signing account needs APT for gas (agentgate fund, on local or devnet)`
      : error.message;
    // A failure after submitting: the hash finds what the signer paid gas for.
    if (typeof error.hash === "string") {
      transactionHash = error.hash;
      if (!message.includes(error.hash)) message = `${message} (transaction ${error.hash})`;
    }
  } else if (isCittyUsageError(error)) {
    kind = "usage";
    message =
      error.message === "No command specified."
        ? "this command needs a subcommand; add --help to see them"
        : error.message;
  } else {
    kind = "unexpected";
    message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
  // Strips the colour codes citty adds.
  const oneLine = stripVTControlCharacters(redactSecrets(message))
    .replace(/\s*\n\s*/g, " ")
    .trim();
  const described = { kind, exitCode: EXIT_CODES[kind], message: oneLine };
  return transactionHash === undefined ? described : { ...described, transactionHash };
}
