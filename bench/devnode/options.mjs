// Command-line options of the devnode benchmarks.

/** `--name N`: a positive integer up to 1,000,000, or the fallback when the flag is absent. */
export function integerOption(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value <= 0 || value > 1_000_000) {
    throw new Error(`--${name} must be a positive integer up to 1,000,000`);
  }
  return value;
}
