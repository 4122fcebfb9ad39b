// The user's bookmarks (http(s) links, BOOKMARKS_MAX): open in a new tab; add (201), edit (201), delete (200).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Bookmark, BOOKMARK_LINK_MAX, BOOKMARK_TITLE_MAX, BOOKMARKS_MAX, type DashboardConfig } from "@shared/home/api.ts";
import { confirm } from "../../app/feedback/confirm.tsx";
import { snackbar } from "../../app/feedback/snackbar.tsx";
import { codeOf, paramsOf } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";
import { Button } from "../../ui/Button.tsx";
import { Dialog } from "../../ui/Dialog.tsx";
import { TextField } from "../../ui/TextField.tsx";
import * as homeApi from "./api.ts";
import { homeConfigQuery } from "./queries.ts";

const isWebLink = (s: string) => {
  try {
    return /^https?:$/.test(new URL(s.trim()).protocol);
  } catch {
    return false;
  }
};

export function Bookmarks({ bookmarks }: { bookmarks: Bookmark[] }) {
  const { t } = useTranslation("home");
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Bookmark | "new" | null>(null);
  const setList = (f: (list: Bookmark[]) => Bookmark[]) =>
    qc.setQueryData<DashboardConfig>(homeConfigQuery.queryKey, (c) => (c ? { ...c, bookmarks: f(c.bookmarks) } : c));
  const remove = useMutation({
    mutationFn: homeApi.deleteBookmark,
    onSuccess: ({ id }) => {
      setList((l) => l.filter((b) => b.id !== id));
      snackbar("SUCCESS", t("bookmarks.deleted"));
    },
    onError: (e) => snackbar("ERROR", errorText(codeOf(e), paramsOf(e))),
  });
  const ask = async (b: Bookmark) => {
    if (await confirm({ message: t("bookmarks.confirmDelete", { title: b.title }), confirmLabel: t("bookmarks.delete"), danger: true })) remove.mutate(b.id);
  };
  return (
    <section className="hm-panel hm-bookmarks" aria-labelledby="hm-bookmarks-title">
      <div className="hm-panel-head">
        <h2 id="hm-bookmarks-title" className="hm-panel-title">{t("bookmarks.title")}</h2>
        <Button variant="secondary" isDisabled={bookmarks.length >= BOOKMARKS_MAX} onPress={() => setEditing("new")}>{t("bookmarks.add")}</Button>
      </div>
      {bookmarks.length === 0 ? <p className="hm-state hm-empty">{t("bookmarks.empty")}</p> : (
        <ul className="hm-bookmark-list">
          {bookmarks.map((b) => (
            <li key={b.id} className="hm-bookmark">
              <a href={b.link} target="_blank" rel="noopener noreferrer" className="hm-bookmark-link">{b.title}</a>
              <span className="hm-bookmark-tools">
                <Button variant="ghost" className="hm-small" aria-label={t("bookmarks.editOne", { title: b.title })} onPress={() => setEditing(b)}>{t("bookmarks.edit")}</Button>
                <Button variant="ghost" className="hm-small" aria-label={t("bookmarks.deleteOne", { title: b.title })} onPress={() => void ask(b)}>{t("bookmarks.delete")}</Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Dialog title={editing === "new" ? t("bookmarks.addTitle") : t("bookmarks.editTitle")} isOpen={editing !== null} onClose={() => setEditing(null)}>
        {editing !== null && (
          <BookmarkForm
            bookmark={editing === "new" ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={(saved, isNew) => {
              setList((l) => (isNew ? [...l, saved] : l.map((b) => (b.id === saved.id ? saved : b))));
              snackbar("SUCCESS", t(isNew ? "bookmarks.added" : "bookmarks.saved"));
              setEditing(null);
            }}
          />
        )}
      </Dialog>
    </section>
  );
}

function BookmarkForm({ bookmark, onClose, onSaved }: { bookmark: Bookmark | null; onClose(): void; onSaved(b: Bookmark, isNew: boolean): void }) {
  const { t } = useTranslation("home");
  const [title, setTitle] = useState(bookmark?.title ?? "");
  const [link, setLink] = useState(bookmark?.link ?? "https://");
  const [tried, setTried] = useState(false);
  const save = useMutation({
    mutationFn: () => {
      const body = { title: title.trim(), link: link.trim() };
      return bookmark ? homeApi.updateBookmark({ ...body, id: bookmark.id }) : homeApi.addBookmark(body);
    },
    onSuccess: (b) => onSaved(b, !bookmark),
    onError: (e) => snackbar("ERROR", errorText(codeOf(e), paramsOf(e))),
  });
  const titleError = tried && !title.trim() ? t("bookmarks.titleRequired") : undefined;
  const linkError = tried && !isWebLink(link) ? t("bookmarks.linkInvalid") : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (title.trim() && isWebLink(link)) save.mutate();
  };
  return (
    <form onSubmit={submit} className="hm-form" noValidate>
      <TextField label={t("bookmarks.name")} value={title} onChange={setTitle} maxLength={BOOKMARK_TITLE_MAX} errorMessage={titleError} autoFocus isRequired />
      <TextField label={t("bookmarks.link")} type="url" value={link} onChange={setLink} maxLength={BOOKMARK_LINK_MAX} errorMessage={linkError}
        description={t("bookmarks.linkHelp")} isRequired />
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("bookmarks.cancel")}</Button>
        <Button type="submit" isDisabled={save.isPending}>{t("bookmarks.save")}</Button>
      </div>
    </form>
  );
}
