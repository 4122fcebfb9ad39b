// The way to a message attached to a mail, possibly inside other attached messages (a forward of a forward):
// the position of the attachment in the mail, then its position inside that attached message, and so on.
// Written with dots ("2", "2.1"), as GET /api/mails/view/{id}?attachPosition= takes it and as the
// .../attach/{path}/{sub} and /api/mail-inline/{id}/{path}/{sub} downloads name it; at most
// ATTACH_PATH_MAX_DEPTH levels.
export const ATTACH_PATH_MAX_DEPTH = 5;
const PATH = /^\d{1,4}(?:\.\d{1,4}){0,4}$/;

/** The positions of a path ("2.1" or 2 → [2, 1]); null when it is not one. */
export function parseAttachPath(v: unknown): number[] | null {
  const s = typeof v === "number" ? (Number.isInteger(v) ? String(v) : null) : v;
  if (typeof s !== "string" || !PATH.test(s)) return null;
  return s.split(".").map(Number);
}

export const formatAttachPath = (path: readonly number[]): string => path.join(".");
