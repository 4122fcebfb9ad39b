// One room in the window: its title bar (back to the list, name, presence or member count, settings), the
// pinned notice bar, the history, who is typing, and the composer; or, when a thread is open, that thread.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import type { RoomSummary } from "@shared/messenger/api.ts";
import type { UserInfo } from "@shared/users.ts";
import { Icon } from "../../../ui/icons.tsx";
import { fetchPresence } from "../api.ts";
import { roomQuery } from "../queries.ts";
import { openRoom, setOnline, showList, useOnline, useTyping } from "../store.ts";
import { Avatar } from "./Avatar.tsx";
import { Composer } from "./Composer.tsx";
import { MessageList } from "./MessageList.tsx";
import { PinnedBar } from "./PinnedBar.tsx";
import { RoomSettings } from "./RoomSettings.tsx";
import { ThreadView } from "./ThreadView.tsx";

export function RoomView({ me, roomId, summary, around, threadId }: {
  me: UserInfo;
  roomId: number;
  summary: RoomSummary | undefined;
  around?: number;
  threadId?: number;
}) {
  const { t } = useTranslation("messenger");
  const room = useQuery(roomQuery(roomId));
  const info = room.data ?? summary;
  const online = useOnline();
  const typing = useTyping(roomId);
  const [settings, setSettings] = useState(false);

  const memberKey = (room.data?.members ?? []).map((m) => m.userId).sort((a, b) => a - b).join(",");
  useEffect(() => {
    if (!memberKey) return;
    const ids = memberKey.split(",").map(Number);
    const ctl = new AbortController();
    fetchPresence(ids, ctl.signal).then((p) => {
      setOnline(ids, false);
      setOnline(p.online, true);
    }, () => {});
    return () => ctl.abort();
  }, [memberKey]);

  if (threadId) return <ThreadView me={me} roomId={roomId} rootId={threadId} room={room.data} onBack={() => openRoom(roomId)} />;

  const names = typing.map((u) => room.data?.members.find((m) => m.userId === u)?.name).filter(Boolean) as string[];
  const peerOnline = info?.peer ? online.has(info.peer.userId) : undefined;
  return (
    <div className="msg-roomview">
      <div className="msg-room-head">
        <Button className="icon-button msg-back" onPress={showList} aria-label={t("back")}>‹</Button>
        {info && <Avatar name={info.name} kind={info.kind} online={peerOnline} small />}
        <div className="msg-room-heading">
          <h3 className="msg-room-title">{info?.kind === "CHANNEL" ? `# ${info.name}` : info?.name ?? t("loading")}</h3>
          {info && (
            <span className="msg-muted msg-room-sub">
              {info.kind === "DIRECT"
                ? (peerOnline ? t("presence.online") : t("presence.offline"))
                : info.kind === "SELF"
                ? t("room.selfHint")
                : t("room.members", { count: info.memberCount })}
            </span>
          )}
        </div>
        {room.data && (
          <Button className="icon-button" aria-label={t("room.settings")} onPress={() => setSettings(true)}><Icon name="settings" size={18} /></Button>
        )}
      </div>
      {room.data && room.data.pins.length > 0 && <PinnedBar room={room.data} />}
      {room.isError && <p className="field-error msg-pad" role="alert">{t("room.failed")}</p>}
      <MessageList key={around ?? "latest"} roomId={roomId} me={me.id} room={room.data} summary={summary} around={around}
        onThread={(m) => openRoom(roomId, { threadId: m.id })} />
      <div className="msg-typing" aria-live="polite">{names.length ? t("room.typing", { names: names.join(", "), count: names.length }) : ""}</div>
      <Composer room={room.data} me={me.id} parentId={null} label={t("composer.placeholder", { name: info?.name ?? "" })} />
      {settings && room.data && <RoomSettings me={me} room={room.data} onClose={() => setSettings(false)} />}
    </div>
  );
}
