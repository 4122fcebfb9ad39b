// A STATUS label as a coloured chip, its text black or white, whichever reads on the colour.
import { textOn } from "./cell-value.ts";

export function StatusChip({ label, color }: { label: string; color: string }) {
  return <span className="tt-status" style={{ background: color, color: textOn(color) }}>{label}</span>;
}
