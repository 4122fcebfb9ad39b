// The company's public channels: search by name, open one already joined, join another.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input, SearchField } from "react-aria-components";
import { Button } from "../../../ui/Button.tsx";
import { errorText } from "../../../lib/i18n.ts";
import type { ApiError } from "../../../lib/api.ts";
import { joinRoom } from "../api.ts";
import { browseQuery, roomsKey } from "../queries.ts";
import { openRoom, showList } from "../store.ts";

export function BrowseChannels() {
  const { t } = useTranslation("messenger");
  const qc = useQueryClient();
  const [word, setWord] = useState("");
  const [keyword, setKeyword] = useState("");
  useEffect(() => {
    const id = setTimeout(() => setKeyword(word.trim()), 300);
    return () => clearTimeout(id);
  }, [word]);
  const channels = useQuery(browseQuery(keyword));
  const join = useMutation({
    mutationFn: joinRoom,
    onSuccess: (room) => {
      qc.setQueryData(["messenger", "room", room.id], room);
      void qc.invalidateQueries({ queryKey: roomsKey });
      openRoom(room.id);
    },
  });
  return (
    <div className="msg-list-view">
      <div className="msg-room-head">
        <Button variant="ghost" className="msg-back" onPress={showList} aria-label={t("back")}>‹</Button>
        <h3 className="msg-room-title">{t("browse.title")}</h3>
      </div>
      <div className="msg-list-tools">
        <SearchField className="msg-search" value={word} onChange={setWord} aria-label={t("browse.search")}>
          <Input className="field-input" placeholder={t("browse.search")} data-autofocus />
        </SearchField>
      </div>
      {join.error && <p className="field-error msg-pad" role="alert">{errorText((join.error as ApiError).code)}</p>}
      {channels.isPending && <p className="msg-muted msg-pad">{t("loading")}</p>}
      {channels.data && !channels.data.length && <p className="msg-muted msg-pad">{t("browse.empty")}</p>}
      <ul className="msg-channels">
        {channels.data?.map((c) => (
          <li key={c.id} className="msg-channel">
            <span className="msg-room-main">
              <span className="msg-room-name"># {c.name} <span className="msg-muted">{t("browse.members", { count: c.memberCount })}</span></span>
              {c.description && <span className="msg-preview">{c.description}</span>}
            </span>
            {c.me
              ? <Button variant="secondary" onPress={() => openRoom(c.id)} aria-label={t("browse.openNamed", { name: c.name })}>{t("browse.open")}</Button>
              : <Button onPress={() => join.mutate(c.id)} isDisabled={join.isPending} aria-label={t("browse.joinNamed", { name: c.name })}>{t("browse.join")}</Button>}
          </li>
        ))}
      </ul>
    </div>
  );
}
