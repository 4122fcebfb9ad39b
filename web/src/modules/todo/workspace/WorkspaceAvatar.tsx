// A workspace's avatar (002 §3 "Workspace: emoji, color, avatar"): its emoji, or the first letter of its title, on
// a tile tinted with its colour (the text stays the page's, so it reads on any colour).
import type { TodoWorkspace } from "@shared/todo/workspaces.ts";

export function WorkspaceAvatar({ ws, size = 28 }: { ws: Pick<TodoWorkspace, "title" | "emoji" | "color">; size?: number }) {
  const face = ws.emoji || [...ws.title.trim()][0]?.toUpperCase() || "?";
  return (
    <span className="td-avatar" aria-hidden="true"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.5), "--td-ws-color": ws.color } as React.CSSProperties}>
      {face}
    </span>
  );
}
