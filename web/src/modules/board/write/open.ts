// Opening the post editor in a popup window (/board/write/popup/{actionObj}, without the shell), and where a
// saved post is shown.
import { SPECIAL_FOLDERS } from "@shared/board/constants.ts";
import type { WriteAction } from "../paths.ts";

export const WRITE_POPUP_FEATURES = "width=900,height=800,resizable=yes,scrollbars=yes";

const actionOf = (a: Partial<WriteAction>) =>
  JSON.stringify(Object.fromEntries(Object.entries(a).filter(([, v]) => typeof v === "number" && v > 0)));

/** The popup editor's hash address. */
export const writePopupUrl = (a: Partial<WriteAction>) => `#/board/write/popup/${encodeURIComponent(actionOf(a))}`;

/** Opens the editor in its own window (one per post or mail; a new post reuses the "new post" window). */
export function openWritePopup(a: Partial<WriteAction>): Window | null {
  const name = a.postId ? `board-write-${a.postId}` : a.mailId ? `board-write-mail-${a.mailId}` : "board-write";
  return globalThis.open(`${location.pathname}${location.search}${writePopupUrl(a)}`, name, WRITE_POPUP_FEATURES);
}

/** The post page's hash address (/board/view/{postId}/{actionObj}; "back" returns to the board). */
export const postPageHash = (postId: number, boardId: number = SPECIAL_FOLDERS.all) =>
  `#/board/view/${postId}/${encodeURIComponent(JSON.stringify({ boardId }))}`;
