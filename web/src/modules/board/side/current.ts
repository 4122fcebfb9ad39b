// The board the address shows, read from the router's location (the side pane lives above the screens' routes):
// /board/{boardId}[/{actionObj}] names it, a post page (/board/view/{postId}/{actionObj}) carries it in its
// actionObj; elsewhere (search, settings, the editor) there is none.
import { boardIdOf, parseViewAction } from "../paths.ts";

const PARTS = new Set(["view", "search", "config", "write"]);

export function currentBoardOf(pathname: string): number | null {
  const seg = pathname.split("/").filter(Boolean).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  if (seg[0] !== "board" || !seg[1]) return null;
  if (seg[1] === "view") return seg[3] ? parseViewAction(seg[3]).boardId : null;
  if (PARTS.has(seg[1])) return null;
  return boardIdOf(seg[1]);
}
