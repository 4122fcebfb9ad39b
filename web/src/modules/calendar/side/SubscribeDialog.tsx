// Subscribe to a colleague's public calendar (GET find/public, POST subscribe): a search by title or owner,
// paged, each calendar with its owner and a subscribe button (or "subscribed").
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input, Label, SearchField } from "react-aria-components";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import * as calApi from "../api.ts";
import { publicCalendarsQuery, refreshEvents } from "../queries.ts";
import { failed } from "../actions.ts";

export function SubscribeDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation("calendar");
  const qc = useQueryClient();
  const [text, setText] = useState("");
  const [keyword, setKeyword] = useState("");
  const [page, setPage] = useState(0);
  useEffect(() => {
    const id = setTimeout(() => {
      setKeyword(text.trim());
      setPage(0);
    }, 250);
    return () => clearTimeout(id);
  }, [text]);
  const list = useQuery({ ...publicCalendarsQuery(keyword, page), placeholderData: keepPreviousData });

  async function subscribe(id: number, title: string) {
    try {
      await calApi.subscribeCalendar(id);
      snackbar("SUCCESS", t("tree.subscribed", { title }));
      await Promise.all([refreshEvents(qc, { tree: true }), qc.invalidateQueries({ queryKey: ["calendar", "public"] })]);
    } catch (e) {
      failed(e);
    }
  }

  const data = list.data;
  return (
    <Dialog title={t("tree.subscribeTitle")} isOpen onClose={onClose} width={520}>
      <SearchField value={text} onChange={setText} className="field" autoFocus>
        <Label className="field-label">{t("tree.subscribeSearch")}</Label>
        <Input className="field-input" />
      </SearchField>
      <div className="cal-sub-list" aria-busy={list.isFetching}>
        {list.isPending ? <p className="cal-muted">{t("tree.loading")}</p> : !data?.content.length ? (
          <p className="cal-muted">{t("tree.noPublic")}</p>
        ) : (
          <ul className="cal-sub-rows">
            {data.content.map((c) => (
              <li key={c.id} className="cal-sub-row">
                <span className="cal-swatch-static" style={{ background: c.color }} aria-hidden="true" />
                <span className="cal-sub-name">
                  <span>{c.title}</span>
                  <span className="cal-muted">{c.ownerName}</span>
                </span>
                {c.isSubscribed
                  ? <span className="cal-muted">{t("tree.alreadySubscribed")}</span>
                  : (
                    <Button variant="secondary" onPress={() => void subscribe(c.id, c.title)} aria-label={t("tree.subscribeOne", { title: c.title, owner: c.ownerName })}>
                      {t("tree.subscribeButton")}
                    </Button>
                  )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {data && data.totalPages > 1 && (
        <div className="cal-pager">
          <Button variant="ghost" isDisabled={page === 0} onPress={() => setPage(page - 1)}>{t("search.prevPage")}</Button>
          <span>{t("search.page", { page: page + 1, total: data.totalPages })}</span>
          <Button variant="ghost" isDisabled={page + 1 >= data.totalPages} onPress={() => setPage(page + 1)}>{t("search.nextPage")}</Button>
        </div>
      )}
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("action.close")}</Button>
      </div>
    </Dialog>
  );
}
