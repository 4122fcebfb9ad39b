// Languages and themes. No zod here: the web client's first screen imports this file, and must stay small.
export const LANGUAGES = ["ko", "en", "id"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "ko";

export const THEMES = [
  "light", "orange", "blue", "red", "pink", "purple", "green", "teal", "brown", "tigris", "company",
] as const;
export type Theme = (typeof THEMES)[number];
