// A select option as a chip in its colour: the colour tints the chip (mixed into the theme's surface) and marks
// its dot and border, while the text stays the theme's text colour, so it keeps its contrast in every theme.
import type { OptionColor } from "@shared/wiki/constants.ts";

/** OPTION_COLORS as theme colours (the hue; chips mix it into the surface). */
export const OPTION_HUES: Record<OptionColor, string> = {
  gray: "#8a8f98",
  brown: "#a0714f",
  orange: "#f08c2e",
  yellow: "#e8b800",
  green: "#2e9e5b",
  blue: "#2d7ff9",
  purple: "#8e5bd6",
  pink: "#e0457b",
  red: "#e03e3e",
};

export function OptionChip({ name, color }: { name: string; color: OptionColor }) {
  return (
    <span className="wdb-chip" style={{ "--opt": OPTION_HUES[color] } as React.CSSProperties}>
      <span className="wdb-chip-dot" aria-hidden="true" />
      {name}
    </span>
  );
}
