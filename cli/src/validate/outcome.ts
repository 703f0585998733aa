import { bytesToHex, hexToBytes } from "#shared/auth/bytes";
import { LIMITS } from "#shared/contract/limits";
import { usageError } from "../errors/cli-error.js";

export interface OutcomeValues {
  delivered?: boolean | undefined;
  failed?: boolean | undefined;
  "result-hash"?: string | undefined;
}

/** What `report` records: delivered (with an optional result hash) or failed. */
export interface Outcome {
  delivered: boolean;
  resultHash: Uint8Array;
  /** The result hash as 0x-prefixed lowercase hex ("0x" when there is none). */
  resultHashHex: string;
}

/**
 * `--delivered [--result-hash <hex>]` or `--failed`: exactly one, checked before anything is
 * signed. The contract keeps at most MAX_RESULT_HASH_BYTES of result hash.
 */
export function parseOutcome(values: OutcomeValues): Outcome {
  const delivered = values.delivered === true;
  if (delivered === (values.failed === true)) {
    throw usageError("give exactly one of --delivered or --failed");
  }
  const given = values["result-hash"];
  if (given === undefined) return { delivered, resultHash: new Uint8Array(), resultHashHex: "0x" };
  if (!delivered) throw usageError("--result-hash goes with --delivered, not --failed");
  const bytes = hexToBytes(given.replace(/^0x/i, ""));
  if (bytes === null || bytes.length === 0 || bytes.length > LIMITS.MAX_RESULT_HASH_BYTES) {
    throw usageError(
      `--result-hash: must be hex of 1 to ${LIMITS.MAX_RESULT_HASH_BYTES} bytes, with or without 0x`,
    );
  }
  return { delivered, resultHash: bytes, resultHashHex: `0x${bytesToHex(bytes)}` };
}
