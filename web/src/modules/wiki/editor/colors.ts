// Each person's caret colour in the live editor: one of a few that read well on light and dark themes, picked
// by their user id so the same person keeps theirs. Each holds white label text at 4.5:1 or more (WCAG AA).
const CARET_COLORS = ["#c5221f", "#1967d2", "#137333", "#a05a00", "#8430ce", "#b0186b", "#0b6e7a", "#5f6368"];

export const caretColor = (userId: number) => CARET_COLORS[Math.abs(userId) % CARET_COLORS.length];
