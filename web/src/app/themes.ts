// Themes (002 "Themes and locale"): each sets primary, secondary, accent and error colours as CSS variables.
import type { Theme } from "@shared/users.ts";

export interface Palette {
  primary: string;
  secondary: string;
  accent: string;
  error: string;
}

export const THEME_PALETTES: Record<Theme, Palette> = {
  light: { primary: "#FFA624", secondary: "#5F6B7A", accent: "#2D7FF9", error: "#D93025" },
  orange: { primary: "#F57C00", secondary: "#6D4C41", accent: "#FFB74D", error: "#C62828" },
  blue: { primary: "#1E6FD9", secondary: "#455A64", accent: "#42A5F5", error: "#D32F2F" },
  red: { primary: "#D93636", secondary: "#5D4037", accent: "#FF8A65", error: "#B71C1C" },
  pink: { primary: "#E0457B", secondary: "#6A4C5B", accent: "#F48FB1", error: "#C62828" },
  purple: { primary: "#7E57C2", secondary: "#4A4A68", accent: "#B39DDB", error: "#D32F2F" },
  green: { primary: "#2E9E5B", secondary: "#4E5D52", accent: "#81C784", error: "#D32F2F" },
  teal: { primary: "#00897B", secondary: "#455A64", accent: "#4DB6AC", error: "#D32F2F" },
  brown: { primary: "#8D6E63", secondary: "#5D4037", accent: "#BCAAA4", error: "#C62828" },
  tigris: { primary: "#2B3A67", secondary: "#496A81", accent: "#FFC145", error: "#E4572E" },
  company: { primary: "#334155", secondary: "#64748B", accent: "#0EA5E9", error: "#DC2626" },
};

/** Applies a theme to the document through CSS variables. */
export function applyTheme(theme: Theme) {
  const p = THEME_PALETTES[theme] ?? THEME_PALETTES.light;
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.setProperty("--color-primary", p.primary);
  root.style.setProperty("--color-secondary", p.secondary);
  root.style.setProperty("--color-accent", p.accent);
  root.style.setProperty("--color-error", p.error);
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", p.primary);
  localStorage.setItem("gw.theme", theme);
}

export function storedTheme(): Theme {
  const t = localStorage.getItem("gw.theme") as Theme | null;
  return t && t in THEME_PALETTES ? t : "light";
}
