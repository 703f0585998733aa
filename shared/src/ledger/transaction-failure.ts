import { abortMessage, parseMoveAbort } from "./abort-parse.js";
import { LedgerError } from "./errors.js";
import { missingPackageError } from "./node-error.js";

/**
 * A failed transaction becomes an abort (or, for VM errors like out of gas, rejected); `hash`
 * is the submitted transaction's, absent for a simulation, which submitted nothing.
 */
export function failureOf(args: {
  vmStatus: string;
  hash?: string;
  moduleAddress: string | undefined;
}): LedgerError {
  const { vmStatus, hash, moduleAddress } = args;
  const submitted = hash === undefined ? {} : { hash };
  const abort = parseMoveAbort(vmStatus, moduleAddress);
  if (abort) {
    return new LedgerError({
      kind: "abort",
      message: abortMessage(abort),
      abort,
      vmStatus,
      ...submitted,
    });
  }
  const missing = missingPackageError(vmStatus, moduleAddress, { vmStatus, ...submitted });
  if (missing) return missing;
  return new LedgerError({
    kind: "rejected",
    message: `Transaction ${hash === undefined ? "would fail" : "failed"}: ${vmStatus}`,
    vmStatus,
    ...submitted,
  });
}
