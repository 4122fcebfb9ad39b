// A thread in the window: the root message, its replies (with their unread counts) and a composer that replies.
import { type InfiniteData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import type { MessagePage, RoomDetail } from "@shared/messenger/api.ts";
import type { UserInfo } from "@shared/users.ts";
import { markRead } from "../api.ts";
import { flatten, mergeReaders, messagesKey, readersKey, roomReaders, threadQuery, unreadOf } from "../queries.ts";
import { Composer } from "./Composer.tsx";
import { MessageItem } from "./MessageItem.tsx";

export function ThreadView({ me, roomId, rootId, room, onBack }: { me: UserInfo; roomId: number; rootId: number; room: RoomDetail | undefined; onBack(): void }) {
  const { t } = useTranslation("messenger");
  const qc = useQueryClient();
  const thread = useQuery(threadQuery(roomId, rootId));
  const readers = useQuery<MessagePage["readers"]>({ queryKey: readersKey(roomId), queryFn: () => [], enabled: false, staleTime: Infinity }).data;
  const counted = useMemo(() => roomReaders(readers, room), [readers, room]);
  const scroller = useRef<HTMLDivElement>(null);
  const last = thread.data?.replies[thread.data.replies.length - 1]?.id ?? thread.data?.root.id;

  useEffect(() => {
    if (thread.data) mergeReaders(qc, roomId, thread.data.readers);
  }, [!!thread.data]); // eslint-disable-line
  // One read position per room: a reply newer than root messages this person has not seen (they arrived while
  // the thread was open) must not mark those read, so the position goes no further than the first of them.
  useEffect(() => {
    if (!last || document.hidden) return;
    const readTo = room?.me?.lastReadId ?? 0;
    const unseenRoot = flatten(qc.getQueryData<InfiniteData<MessagePage>>(messagesKey(roomId)))
      .find((m) => m.id > readTo && m.id < last && m.sender?.userId !== me.id);
    const upTo = unseenRoot ? unseenRoot.id - 1 : last;
    if (upTo > readTo) void markRead(roomId, upTo).catch(() => {});
  }, [last, roomId]); // eslint-disable-line
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
  }, [thread.data?.replies.length]);

  return (
    <div className="msg-roomview">
      <div className="msg-room-head">
        <Button className="icon-button msg-back" onPress={onBack} aria-label={t("thread.back")}>‹</Button>
        <div className="msg-room-heading">
          <h3 className="msg-room-title">{t("thread.title")}</h3>
          {room && <span className="msg-muted msg-room-sub">{room.name}</span>}
        </div>
      </div>
      <div ref={scroller} className="msg-scroller" tabIndex={0} role="region" aria-label={t("thread.title")}>
        {thread.isPending && <p className="msg-muted msg-center">{t("loading")}</p>}
        {thread.isError && <p className="field-error msg-center" role="alert">{t("room.failed")}</p>}
        {thread.data && (
          <ol className="msg-messages" aria-label={t("thread.title")}>
            <MessageItem m={thread.data.root} me={me.id} room={room} grouped={false} unread={unreadOf(thread.data.root, counted)} inThread />
            <li className="msg-day"><span>{t("message.replies", { count: thread.data.replies.length })}</span></li>
            {thread.data.replies.map((m, i) => {
              const prev = thread.data.replies[i - 1];
              return (
                <MessageItem key={m.id} m={m} me={me.id} room={room} unread={unreadOf(m, counted)} inThread
                  grouped={!!prev && prev.sender?.userId === m.sender?.userId && m.createdAt - prev.createdAt < 300_000} />
              );
            })}
          </ol>
        )}
      </div>
      <Composer room={room} me={me.id} parentId={rootId} label={t("thread.placeholder")} />
    </div>
  );
}
