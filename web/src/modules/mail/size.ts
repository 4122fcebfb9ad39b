// Sizes in mail (a row's mail, attachments, the quota, the spam log) in the UI language's number format:
// "6.3 KB" in ko and en, "6,3 KB" in id. Bytes as B, then KB, MB, GB, TB in steps of 1024, one decimal below 100.
export function sizeText(bytes: number, lng: string): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${new Intl.NumberFormat(lng, { maximumFractionDigits: i === 0 || v >= 100 ? 0 : 1 }).format(v)} ${units[i]}`;
}
