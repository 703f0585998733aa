import {
  CALLER_ORIGIN_HEADER,
  CALLER_PUBLIC_KEY_HEADER,
  CALLER_SIGNATURE_HEADER,
  CALLER_TIMESTAMP_HEADER,
} from "#shared/auth/caller-proof";

/**
 * What a request to a run's routes offers as its credential (docs/gateway.md, "Who may read a
 * run"): a bearer token, the payer's caller proof, or nothing usable. The token is never logged
 * nor echoed: it only goes to runTokenMatches.
 */
export type RunCredential =
  | { kind: "token"; token: string }
  | { kind: "proof" }
  | { kind: "none"; why: string };

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;
const PROOF_HEADERS = [
  CALLER_ORIGIN_HEADER,
  CALLER_PUBLIC_KEY_HEADER,
  CALLER_TIMESTAMP_HEADER,
  CALLER_SIGNATURE_HEADER,
];

/**
 * `Authorization: Bearer <token>` wins over caller-proof headers; any of the four proof headers
 * makes the request a proof (an incomplete one is then refused as the proof check says why).
 */
export function runCredentialOf(headers: Headers): RunCredential {
  const authorization = headers.get("authorization");
  if (authorization !== null) {
    const token = BEARER.exec(authorization)?.[1];
    if (token !== undefined) return { kind: "token", token };
    return { kind: "none", why: "Authorization must be `Bearer agr_...` (the run's access token)" };
  }
  if (carriesCallerProof(headers)) return { kind: "proof" };
  return { kind: "none", why: "no credential was sent" };
}

/** Whether a request sends a caller proof: any of its four headers (checked elsewhere). */
export function carriesCallerProof(headers: Headers): boolean {
  return PROOF_HEADERS.some((name) => headers.has(name));
}
