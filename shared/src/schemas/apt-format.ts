// Free of zod on purpose: the CLI's entry chunk (help, errors) imports it and must stay small
// (cli/test/e2e/offline.test.ts).

const OCTAS_PER_APT = 100_000_000n;

/** "1.5 APT (150000000 octas)": exact, from integer octas, never through a float. */
export function formatApt(octas: bigint): string {
  const sign = octas < 0n ? "-" : "";
  const abs = octas < 0n ? -octas : octas;
  const whole = abs / OCTAS_PER_APT;
  const fraction = (abs % OCTAS_PER_APT).toString().padStart(8, "0").replace(/0+$/, "");
  const apt = fraction === "" ? whole.toString() : `${whole}.${fraction}`;
  return `${sign}${apt} APT (${sign}${abs} octas)`;
}
