// People of a PERSON cell: round avatars with their initials (at most three, then "+n"), each named for screen
// readers; the board's organUserList says who an id is.
import type { OrganUser } from "@shared/todo/boards.ts";
import { initials } from "./cell-value.ts";

const AVATAR_COLORS = ["#1f6feb", "#8250df", "#bf3989", "#0a7d58", "#9a6700", "#cf222e", "#57606a"];
export const avatarColor = (id: number) => AVATAR_COLORS[id % AVATAR_COLORS.length];

export function Avatar({ user, size = 24 }: { user: Pick<OrganUser, "id" | "name">; size?: number }) {
  return (
    <span className="tt-avatar" style={{ width: size, height: size, background: avatarColor(user.id), fontSize: size * 0.46 }} aria-hidden="true">
      {initials(user.name)}
    </span>
  );
}

export function People({ ids, users }: { ids: readonly number[]; users: ReadonlyMap<number, OrganUser> }) {
  const known = ids.map((id) => users.get(id) ?? { id, name: "?", email: "", organName: null });
  const shown = known.slice(0, 3);
  return (
    <span className="tt-people">
      {shown.map((u) => <Avatar key={u.id} user={u} />)}
      {known.length > 3 && <span className="tt-more" aria-hidden="true">+{known.length - 3}</span>}
      <span className="visually-hidden">{known.map((u) => u.name).join(", ")}</span>
    </span>
  );
}
