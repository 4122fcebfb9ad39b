// Themes (002 "Themes and locale"): each sets primary, secondary, accent and error colours as CSS variables.
// Every theme keeps WCAG 2.1 AA contrast (tests/e2e/theme-contrast.test.ts): the primary carries its button
// labels (onPrimary) at 4.5:1 or more, the error colour carries white text, and the accent, often a light tint
// of the theme, is never used as is for text or small marks: applyTheme derives darker shades of it for those.
import type { Theme } from "@shared/users.ts";

export interface Palette {
  primary: string;
  /** Text on a primary fill (buttons, the current page, selected chips): 4.5:1 or more on `primary`. */
  onPrimary: string;
  secondary: string;
  accent: string;
  error: string;
}

const DARK = "#1F2329";
const WHITE = "#FFFFFF";

// Where a theme's own colour did not carry white text at 4.5:1 it is a darker shade of the same hue: pink
// #E0457B → #CC3F70, green #2E9E5B → #27854C, teal #00897B → #008476, tigris' error #E4572E → #C64C28; orange
// keeps its bright #F57C00 with dark labels (5.9:1), as the default theme does on its amber.
export const THEME_PALETTES: Record<Theme, Palette> = {
  light: { primary: "#FFA624", onPrimary: DARK, secondary: "#5F6B7A", accent: "#2D7FF9", error: "#D93025" },
  orange: { primary: "#F57C00", onPrimary: DARK, secondary: "#6D4C41", accent: "#FFB74D", error: "#C62828" },
  blue: { primary: "#1E6FD9", onPrimary: WHITE, secondary: "#455A64", accent: "#42A5F5", error: "#D32F2F" },
  red: { primary: "#D93636", onPrimary: WHITE, secondary: "#5D4037", accent: "#FF8A65", error: "#B71C1C" },
  pink: { primary: "#CC3F70", onPrimary: WHITE, secondary: "#6A4C5B", accent: "#F48FB1", error: "#C62828" },
  purple: { primary: "#7E57C2", onPrimary: WHITE, secondary: "#4A4A68", accent: "#B39DDB", error: "#D32F2F" },
  green: { primary: "#27854C", onPrimary: WHITE, secondary: "#4E5D52", accent: "#81C784", error: "#D32F2F" },
  teal: { primary: "#008476", onPrimary: WHITE, secondary: "#455A64", accent: "#4DB6AC", error: "#D32F2F" },
  brown: { primary: "#8D6E63", onPrimary: WHITE, secondary: "#5D4037", accent: "#BCAAA4", error: "#C62828" },
  tigris: { primary: "#2B3A67", onPrimary: WHITE, secondary: "#496A81", accent: "#FFC145", error: "#C64C28" },
  company: { primary: "#334155", onPrimary: WHITE, secondary: "#64748B", accent: "#0EA5E9", error: "#DC2626" },
};

// The page colours of global.css the derived shades must stand out from.
const SURFACE = "#FFFFFF";
const BACKGROUND = "#F5F6F8";
const TEXT = "#1F2329";

type Rgb = [number, number, number];
const rgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const hex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`.toUpperCase();
/** `a` over `b`, `share` of `a` (CSS color-mix in srgb). */
const mix = (a: Rgb, b: Rgb, share: number): Rgb => a.map((v, i) => v * share + b[i] * (1 - share)) as Rgb;

function luminance([r, g, b]: Rgb) {
  const c = (v: number) => (v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
}

/** WCAG contrast ratio of two colours. */
export function contrast(a: string | Rgb, b: string | Rgb) {
  const [x, y] = [luminance(typeof a === "string" ? rgb(a) : a), luminance(typeof b === "string" ? rgb(b) : b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * The lightest shade of `color` (mixed with black, as CSS color-mix does, so the hue stays) that reaches `ratio`
 * against every one of `backgrounds`, starting from `start` (the share of the colour kept).
 */
function shade(color: Rgb, backgrounds: Rgb[], ratio: number, start = 1): string {
  for (let share = start; share > 0; share -= 0.01) {
    const s = mix(color, [0, 0, 0], share).map(Math.round) as Rgb;
    if (backgrounds.every((b) => contrast(s, b) >= ratio)) return hex(s);
  }
  return "#000000";
}

/**
 * Colours derived from a palette: `accentText`, the accent as text (links, "목록으로", "+ 태그") at 4.5:1 on the
 * surface, the page background and an accent tint (a small margin above, as browsers round), never lighter
 * than the 70% shade the default theme always used; `accentMark`, the accent for small marks such as the
 * unread dot, at 3:1 on a list row however it is tinted (hovered, selected, open); `primaryText`, the primary
 * as text on the surface, the background or a primary tint (a pressed toolbar button), at 4.5:1.
 */
export function derivedColors(p: Palette) {
  const accent = rgb(p.accent);
  const [surface, background] = [rgb(SURFACE), rgb(BACKGROUND)];
  const accentText = shade(accent, [surface, background, mix(accent, background, 0.14)], 4.6, 0.7);
  const rows = [surface, background, mix(accent, surface, 0.1), mix(rgb(p.primary), surface, 0.16), mix(rgb(TEXT), surface, 0.04)];
  const accentMark = shade(accent, rows, 3.2);
  const primary = rgb(p.primary);
  const primaryText = shade(primary, [surface, background, mix(primary, surface, 0.15)], 4.6);
  return { accentText, accentMark, primaryText };
}

/** The CSS variables a theme sets on the document's root. */
export function themeVariables(theme: Theme): Record<string, string> {
  const p = THEME_PALETTES[theme] ?? THEME_PALETTES.light;
  const d = derivedColors(p);
  return {
    "--color-primary": p.primary,
    "--color-on-primary": p.onPrimary,
    "--color-primary-text": d.primaryText,
    "--color-secondary": p.secondary,
    "--color-accent": p.accent,
    "--color-accent-text": d.accentText,
    "--color-accent-mark": d.accentMark,
    "--color-error": p.error,
  };
}

/** Applies a theme to the document through CSS variables. */
export function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.dataset.theme = theme;
  for (const [name, value] of Object.entries(themeVariables(theme))) root.style.setProperty(name, value);
  const primary = (THEME_PALETTES[theme] ?? THEME_PALETTES.light).primary;
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", primary);
  localStorage.setItem("gw.theme", theme);
}

export function storedTheme(): Theme {
  const t = localStorage.getItem("gw.theme") as Theme | null;
  return t && t in THEME_PALETTES ? t : "light";
}
