// A size in bytes as B, KB, MB, GB or TB (steps of 1024), in a language's number format ("6.3 KB" in ko and
// en, "6,3 KB" in id). One format for the whole suite, the UI (web/src/lib/bytes.ts) and the texts the server
// writes into mails alike: whole bytes, one decimal below 100 of a larger unit ("6.3 KB", "19.5 MB"), none
// from 100 up ("120 KB"), so a list, a quota, a limit and a large-file link read alike. No imports.
const UNITS = ["B", "KB", "MB", "GB", "TB"];

export function formatBytes(bytes: number, lng: string): string {
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  const digits = i === 0 || v >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(lng, { maximumFractionDigits: digits }).format(v)} ${UNITS[i]}`;
}
