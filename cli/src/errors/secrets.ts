/**
 * Every secret the CLI has read in this run (private keys in each spelling), so that whatever
 * reaches the terminal can be scrubbed of them as a last line of defence.
 */
const secrets = new Set<string>();

export function registerSecret(value: string): void {
  const trimmed = value.trim();
  if (trimmed.length < 16) return;
  secrets.add(trimmed);
  // The same key also travels without its AIP-80 prefix and with or without 0x.
  const hex = trimmed.replace(/^ed25519-priv-/i, "").replace(/^0x/i, "");
  if (hex.length >= 16) {
    secrets.add(hex);
    secrets.add(hex.toLowerCase());
  }
}

export function redactSecrets(text: string): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join("<redacted>");
  return out;
}
