/**
 * The CLI's documented exit codes (README.md, "CLI reference"). Scripts branch on them, so they never change
 * meaning: add new ones at the end.
 */
export const EXIT_CODES = {
  ok: 0,
  /** A bug or anything not foreseen below. */
  unexpected: 1,
  /** Bad command line, invalid option value, missing key or module address. */
  usage: 2,
  /** The process, payment, workflow, task or transaction does not exist. */
  not_found: 3,
  /** The ledger, faucet or gateway could not be reached or answered nonsense. */
  unreachable: 4,
  /** The ledger or the gateway refused: a Move abort, a rejected transaction, a failed run. */
  refused: 5,
  /** `result` of a run that has not ended yet (submitted or working). */
  not_final: 6,
} as const;

export type ExitKind = keyof typeof EXIT_CODES;
