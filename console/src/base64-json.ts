/**
 * x402's header encoding (docs/x402.md, "Transports"): standard base64 of the UTF-8 JSON. An
 * undecodable header is null.
 */
export function toBase64Json(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(""));
}

export function fromBase64Json(text: string): unknown {
  try {
    const bytes = Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}
