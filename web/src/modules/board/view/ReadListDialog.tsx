// Who has read the post (GET post/{postId}/readers; the author or a manager): two tabs, "읽음 n" with each
// reader's read time and "안 읽음 m"; for a must-read notice a "다시 알림" button reminds those who have not read
// it (POST post/{postId}/remind) and says how many it reached, or why it cannot yet (a reminder was sent a
// short while ago).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import type { Post } from "@shared/board/posts.ts";
import { codeOf, paramsOf } from "../../../lib/api.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import * as boardApi from "../api.ts";
import { readersQuery } from "../queries.ts";
import { failureText } from "./feedback.ts";
import { dateTime } from "./format.ts";

export function ReadListDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const { t, i18n } = useTranslation("board");
  const q = useQuery(readersQuery(post.id));
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const read = q.data?.readList ?? [];
  const notRead = q.data?.notReadList ?? [];

  async function remind() {
    setBusy(true);
    try {
      const { count } = await boardApi.remind(post.id);
      setOutcome({ ok: true, text: t("view.reminded", { count }) });
    } catch (e) {
      const next = Number(paramsOf(e).nextTimeMillis);
      const tooSoon = codeOf(e) === "board.remind_too_soon";
      const time = next > 0 ? new Intl.DateTimeFormat(i18n.language, { timeStyle: "short" }).format(next) : "";
      setOutcome({ ok: false, text: tooSoon ? t(time ? "view.remindTooSoonUntil" : "view.remindTooSoon", { time }) : failureText(e, "remindFailed") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t("view.readListTitle")} isOpen onClose={onClose} width={480}>
      {q.isPending && <p className="bv-muted">{t("view.loading")}</p>}
      {q.isError && <p className="bv-error" role="alert">{failureText(q.error, "feelLoadFailed")}</p>}
      {q.data && (
        <Tabs className="bv-tabs">
          <TabList aria-label={t("view.readListTitle")} className="bv-tablist">
            <Tab id="read" className="bv-tab">{t("view.readTab", { count: read.length })}</Tab>
            <Tab id="unread" className="bv-tab">{t("view.unreadTab", { count: notRead.length })}</Tab>
          </TabList>
          <TabPanel id="read" className="bv-tabpanel">
            {read.length === 0 ? <p className="bv-muted">{t("view.nobodyRead")}</p> : (
              <ul className="bv-people">
                {read.map((u) => (
                  <li key={u.id}><span title={u.email}>{u.name}</span> <span className="bv-muted">{dateTime(u.readTimeMillis, i18n.language)}</span></li>
                ))}
              </ul>
            )}
          </TabPanel>
          <TabPanel id="unread" className="bv-tabpanel">
            {notRead.length === 0 ? <p className="bv-muted">{t("view.everyoneRead")}</p> : (
              <ul className="bv-people">{notRead.map((u) => <li key={u.id} title={u.email}>{u.name}</li>)}</ul>
            )}
          </TabPanel>
        </Tabs>
      )}
      <p role="status" className={outcome?.ok === false ? "bv-error" : "bv-ok"}>{outcome?.text}</p>
      <div className="dialog-actions">
        {post.mustRead && (
          <Button variant="secondary" isDisabled={busy || notRead.length === 0} onPress={() => void remind()}>{t("view.remind")}</Button>
        )}
        <Button onPress={onClose}>{t("view.close")}</Button>
      </div>
    </Dialog>
  );
}
