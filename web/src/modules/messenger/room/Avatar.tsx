// A round initial for a person or a room, with a presence dot when the person's presence is known.
import { useTranslation } from "react-i18next";
import type { RoomKind } from "@shared/messenger/constants.ts";

const COLORS = ["#3b6fd6", "#0f8a6a", "#b4541e", "#8a3fbf", "#b0306b", "#4a6a1f", "#276b8a"];

export function Avatar({ name, kind = "DIRECT", online, small }: { name: string; kind?: RoomKind; online?: boolean; small?: boolean }) {
  const { t } = useTranslation("messenger");
  const hash = [...name].reduce((h, c) => (h * 31 + c.codePointAt(0)!) >>> 0, 7);
  const letter = kind === "CHANNEL" ? "#" : [...name.trim()][0] ?? "?";
  return (
    <span className={small ? "msg-avatar msg-avatar-small" : "msg-avatar"} style={{ background: COLORS[hash % COLORS.length] }} aria-hidden={online === undefined || undefined}>
      <span aria-hidden="true">{letter}</span>
      {online !== undefined && (
        <span className={online ? "msg-presence msg-online" : "msg-presence"} role="img" aria-label={online ? t("presence.online") : t("presence.offline")} />
      )}
    </span>
  );
}
