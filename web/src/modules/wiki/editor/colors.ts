// Each person's caret colour in the live editor: one of a few that read well on light and dark themes, picked
// by their user id so the same person keeps theirs.
const CARET_COLORS = ["#d93025", "#1a73e8", "#188038", "#e8710a", "#8430ce", "#c5221f", "#0b8043", "#a142f4"];

export const caretColor = (userId: number) => CARET_COLORS[Math.abs(userId) % CARET_COLORS.length];
