// Who else is on the document now (the live editor's awareness: each editor publishes { user: CollabUser }):
// one badge per person in their caret colour, the reader first; several tabs of one person count once.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { WebsocketProvider } from "y-websocket";
import type { CollabUser } from "@shared/wiki/collab.ts";

function people(provider: WebsocketProvider, meId: number): CollabUser[] {
  const byId = new Map<number, CollabUser>();
  for (const state of provider.awareness.getStates().values()) {
    const u = (state as { user?: CollabUser }).user;
    if (u && typeof u.id === "number" && !byId.has(u.id)) byId.set(u.id, u);
  }
  return [...byId.values()].sort((a, b) => (a.id === meId ? -1 : b.id === meId ? 1 : a.name.localeCompare(b.name)));
}

export function Presence({ provider, meId }: { provider: WebsocketProvider; meId: number }) {
  const { t } = useTranslation("wiki");
  const [list, setList] = useState<CollabUser[]>(() => people(provider, meId));
  useEffect(() => {
    const update = () => setList(people(provider, meId));
    update();
    provider.awareness.on("change", update);
    return () => provider.awareness.off("change", update);
  }, [provider, meId]);
  if (!list.length) return null;
  return (
    <ul className="we-presence" aria-label={t("editor.present")}>
      {list.map((u) => (
        <li key={u.id} className="we-person" style={{ borderColor: u.color }}>
          <span className="we-person-dot" style={{ background: u.color }} aria-hidden="true" />
          {u.id === meId ? t("editor.me", { name: u.name }) : u.name}
        </li>
      ))}
    </ul>
  );
}
