// The room list: the chat with myself first, then the rooms newest first, each with its last message, time,
// unread and mention counts (DIRECT: the colleague's presence). The search box filters the rooms by name and,
// from two characters on, finds messages (Korean two-syllable matching is the server's); a hit opens its room
// around it. The new-conversation, new-channel and browse actions sit above the list.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Input, ListBox, ListBoxItem, Menu, MenuItem, MenuTrigger, Popover, SearchField } from "react-aria-components";
import type { RoomSummary } from "@shared/messenger/api.ts";
import type { UserInfo } from "@shared/users.ts";
import { SEARCH_MIN_CHARS } from "@shared/messenger/constants.ts";
import { countLabel } from "../Messenger.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { fetchPresence } from "../api.ts";
import { roomsQuery, searchQuery, selfRoomQuery } from "../queries.ts";
import { openRoom, setOnline, useOnline, windowStore } from "../store.ts";
import { Avatar } from "../room/Avatar.tsx";
import { previewText, shortTime } from "../format.ts";
import { NewChatDialog } from "./NewChatDialog.tsx";
import { ChannelDialog } from "./ChannelDialog.tsx";

const LOCK = "M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4";
const BELL_OFF = "M13.7 21a2 2 0 0 1-3.4 0M18.6 13A18 18 0 0 1 18 8M6.3 6.3A6 6 0 0 0 6 8c0 7-3 9-3 9h14M18 8a6 6 0 0 0-9.3-5M1 1l22 22";

export function RoomList({ me }: { me: UserInfo }) {
  const { t, i18n } = useTranslation("messenger");
  const rooms = useQuery(roomsQuery);
  const hasSelf = !!rooms.data?.some((r) => r.kind === "SELF");
  const self = useQuery({ ...selfRoomQuery, enabled: rooms.isSuccess && !hasSelf });
  const [word, setWord] = useState("");
  const [keyword, setKeyword] = useState("");
  const [dialog, setDialog] = useState<"chat" | "channel" | null>(null);
  const online = useOnline();

  useEffect(() => {
    const id = setTimeout(() => setKeyword(word.trim()), 300);
    return () => clearTimeout(id);
  }, [word]);
  const hits = useQuery(searchQuery(keyword.length >= SEARCH_MIN_CHARS ? keyword : ""));

  const list = useMemo(() => {
    const all = [...(rooms.data ?? [])];
    if (!hasSelf && self.data) all.push(self.data);
    const selfRoom = all.find((r) => r.kind === "SELF");
    const rest = all.filter((r) => r.kind !== "SELF").sort((a, b) => b.updatedAt - a.updatedAt);
    const ordered = selfRoom ? [selfRoom, ...rest] : rest;
    const w = word.trim().toLowerCase();
    return w ? ordered.filter((r) => r.name.toLowerCase().includes(w) || r.description.toLowerCase().includes(w)) : ordered;
  }, [rooms.data, self.data, hasSelf, word]);

  // The presence of the people of direct conversations.
  const peers = (rooms.data ?? []).flatMap((r) => (r.peer ? [r.peer.userId] : []));
  const peerKey = peers.sort((a, b) => a - b).join(",");
  useEffect(() => {
    if (!peerKey) return;
    const ctl = new AbortController();
    fetchPresence(peerKey.split(",").map(Number), ctl.signal).then((p) => {
      setOnline(peerKey.split(",").map(Number), false);
      setOnline(p.online, true);
    }, () => {});
    return () => ctl.abort();
  }, [peerKey]);

  return (
    <div className="msg-list-view">
      <div className="msg-list-tools">
        <SearchField className="msg-search" value={word} onChange={setWord} aria-label={t("list.search")}>
          <Input className="field-input" placeholder={t("list.searchPlaceholder")} data-autofocus />
        </SearchField>
        <MenuTrigger>
          <Button className="btn btn-primary msg-new" aria-label={t("list.new")}>＋</Button>
          <Popover className="menu-popover" placement="bottom end">
            <Menu className="menu" onAction={(k) => k === "browse" ? windowStore.set((s) => ({ ...s, view: { kind: "browse" } })) : setDialog(k as "chat" | "channel")}>
              <MenuItem id="chat" className="menu-item">{t("list.newChat")}</MenuItem>
              <MenuItem id="channel" className="menu-item">{t("list.newChannel")}</MenuItem>
              <MenuItem id="browse" className="menu-item">{t("list.browse")}</MenuItem>
            </Menu>
          </Popover>
        </MenuTrigger>
      </div>
      {rooms.isPending && <p className="msg-muted msg-pad">{t("loading")}</p>}
      {rooms.isError && <p className="field-error msg-pad" role="alert">{t("list.failed")}</p>}
      {rooms.isSuccess && (
        <ListBox className="msg-rooms" aria-label={t("list.rooms")} items={list} onAction={(k) => openRoom(Number(k))}
          renderEmptyState={() => <p className="msg-muted msg-pad">{word ? t("list.noMatch") : t("list.empty")}</p>}>
          {(r: RoomSummary) => (
            <ListBoxItem id={r.id} className="msg-room" textValue={r.name}>
              <Avatar name={r.name} kind={r.kind} online={r.peer ? online.has(r.peer.userId) : undefined} />
              <span className="msg-room-main">
                <span className="msg-room-top">
                  <span className="msg-room-name">
                    {r.kind === "SELF" && <span className="msg-tag">{t("list.me")}</span>}
                    {r.kind === "CHANNEL" && (r.visibility === "PRIVATE" ? <SvgIcon d={LOCK} size={13} label={t("list.private")} /> : <span aria-hidden="true"># </span>)}
                    {r.name}
                    {(r.kind === "GROUP" || r.kind === "CHANNEL") && <span className="msg-muted"> {r.memberCount}</span>}
                    {r.me?.muted && <span className="msg-muted"> <SvgIcon d={BELL_OFF} size={13} label={t("list.muted")} /></span>}
                  </span>
                  {r.lastMessage && <time className="msg-muted msg-time" dateTime={new Date(r.lastMessage.createdAt).toISOString()}>{shortTime(r.lastMessage.createdAt, i18n.language)}</time>}
                </span>
                <span className="msg-room-bottom">
                  <span className="msg-preview">{r.lastMessage ? previewText(r.lastMessage, t) : r.kind === "SELF" ? t("room.selfHint") : r.description}</span>
                  {r.mentionCount > 0 && <span className="msg-mention-count" aria-label={t("list.mentions", { count: r.mentionCount })}>@</span>}
                  {r.unreadCount > 0 && <span className="msg-unread-count" aria-label={t("list.unread", { count: r.unreadCount })}>{countLabel(r.unreadCount)}</span>}
                </span>
              </span>
            </ListBoxItem>
          )}
        </ListBox>
      )}
      {keyword.length >= SEARCH_MIN_CHARS && (
        <section className="msg-hits" aria-labelledby="msg-hits-title">
          <h3 id="msg-hits-title" className="msg-section-title">{t("list.messages")}</h3>
          {hits.isPending && <p className="msg-muted msg-pad">{t("loading")}</p>}
          {hits.data && (
            <ListBox className="msg-rooms" aria-labelledby="msg-hits-title" items={hits.data.content.map((h) => ({ ...h, id: h.message.id }))}
              onAction={(k) => {
                const h = hits.data.content.find((x) => x.message.id === Number(k));
                if (h) openRoom(h.message.roomId, h.message.parentId ? { threadId: h.message.parentId } : { around: h.message.id });
              }}
              renderEmptyState={() => <p className="msg-muted msg-pad">{t("list.noMessages")}</p>}>
              {(h) => (
                <ListBoxItem id={h.id} className="msg-hit" textValue={h.message.text}>
                  <span className="msg-room-top">
                    <span className="msg-room-name">{h.roomName}</span>
                    <time className="msg-muted msg-time" dateTime={new Date(h.message.createdAt).toISOString()}>{shortTime(h.message.createdAt, i18n.language)}</time>
                  </span>
                  <span className="msg-preview">{h.message.sender?.name}: {h.message.text}</span>
                </ListBoxItem>
              )}
            </ListBox>
          )}
        </section>
      )}
      {dialog === "chat" && <NewChatDialog me={me} onClose={() => setDialog(null)} />}
      {dialog === "channel" && <ChannelDialog onClose={() => setDialog(null)} />}
    </div>
  );
}
