import { ASSIGNED_ID_PREFIX, ID_CHARSET, LIMITS, SERVICE_URL_SCHEMES } from "#shared/contract";

const encoder = new TextEncoder();

/** Length as Move's `string::length` counts it: UTF-8 bytes. */
export function byteLength(value: string): number {
  return encoder.encode(value).length;
}

function hasIdCharset(value: string): boolean {
  // The charset is ASCII, so a match also means one byte per character.
  return ID_CHARSET.test(value);
}

/** Process, workflow and task ids: 1..MAX_ID_BYTES bytes of [A-Za-z0-9._-]. */
export function isValidId(value: string): boolean {
  const n = byteLength(value);
  return n >= 1 && n <= LIMITS.MAX_ID_BYTES && hasIdCharset(value);
}

/** Payment task ids: the id charset, up to MAX_PAYMENT_TASK_ID_BYTES. */
export function isValidPaymentTaskId(value: string): boolean {
  const n = byteLength(value);
  return n >= 1 && n <= LIMITS.MAX_PAYMENT_TASK_ID_BYTES && hasIdCharset(value);
}

export function hasAssignedPrefix(id: string): boolean {
  return id.startsWith(ASSIGNED_ID_PREFIX);
}

export function isValidName(value: string): boolean {
  const n = byteLength(value);
  return n >= 1 && n <= LIMITS.MAX_NAME_BYTES;
}

export function isValidDescription(value: string): boolean {
  return byteLength(value) <= LIMITS.MAX_DESCRIPTION_BYTES;
}

export function isValidServiceUrl(value: string): boolean {
  const n = byteLength(value);
  return (
    n >= 1 &&
    n <= LIMITS.MAX_SERVICE_URL_BYTES &&
    SERVICE_URL_SCHEMES.some((scheme) => value.startsWith(scheme))
  );
}

export function isValidTag(value: string): boolean {
  const n = byteLength(value);
  return n >= 1 && n <= LIMITS.MAX_TAG_BYTES;
}
