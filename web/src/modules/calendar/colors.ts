// Text on a calendar's colour: black or white, whichever contrasts more (at least 4.5:1 for any colour).
import { DEFAULT_CALENDAR_COLOR } from "@shared/calendar/constants.ts";

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

export function textOn(color: string): string {
  const hex = /^#[0-9a-f]{6}$/i.test(color) ? color : DEFAULT_CALENDAR_COLOR;
  const l = luminance(hex);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#000000" : "#ffffff";
}

export function colorStyle(color: string | undefined): React.CSSProperties {
  const c = color ?? DEFAULT_CALENDAR_COLOR;
  return { "--ev-color": c, "--ev-text": textOn(c) } as React.CSSProperties;
}
