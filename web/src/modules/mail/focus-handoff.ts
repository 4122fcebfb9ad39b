// The keyboard focus between the list and the reader. Without split view one replaces the other, and the
// element that had the focus (the row, the reader's "back to list" link or its toolbar) goes with it, which
// drops the focus to <body> and leaves a screen reader silent. So a mail the user opens hands the focus to the
// reader's subject heading, and a list shown while the focus is lost puts it on the row of the mail last read
// (the "back to list" link, the browser's Back). Programmatic focus keeps the browser's :focus-visible rule:
// after a click no ring shows, after a key it does.

/** The mail whose reader takes the focus when it shows (set by an open the user asked for). */
let toReader: number | null = null;
/** The mail last shown in the reader: its row takes the focus when the list comes back. */
let toRow: number | null = null;

/** The user opened this mail (a row, the reader's previous/next, a conversation link): its reader takes the focus. */
export function handFocusToReader(mailId: number) {
  toReader = mailId;
}

/** For the reader of `mailId` when it shows: true when it should take the focus (once). */
export function readerTakesFocus(mailId: number): boolean {
  const yes = toReader === mailId;
  if (yes) toReader = null;
  return yes;
}

/** The reader shows this mail: the list puts the focus on its row when it comes back. */
export function rememberReadMail(mailId: number) {
  toRow = mailId;
}

/** For a list that has just loaded: the mail whose row takes the focus, if the focus is lost (once). */
export function takeRowToFocus(): number | null {
  const id = toRow;
  toRow = null;
  const active = document.activeElement;
  return active && active !== document.body ? null : id;
}
