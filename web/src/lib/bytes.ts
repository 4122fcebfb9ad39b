// A size in bytes as B, KB, MB, GB or TB (steps of 1024), in the UI language's number format ("6.3 KB" in ko
// and en, "6,3 KB" in id). Each screen keeps its own precision: `digits` gives the decimals shown for a value
// in a unit (0 for B, 1 for KB, ...).
const UNITS = ["B", "KB", "MB", "GB", "TB"];

export function formatBytes(bytes: number, lng: string, digits: (value: number, unit: number) => number): string {
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return `${new Intl.NumberFormat(lng, { maximumFractionDigits: digits(v, i) }).format(v)} ${UNITS[i]}`;
}
