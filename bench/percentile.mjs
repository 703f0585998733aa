// The p-th percentile of an ascending list, by the nearest rank below (p50 of 4 values is the
// third): one definition for every benchmark's figures.
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
