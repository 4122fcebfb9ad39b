// A group's or card's history (001 §3 "Customer history item", §4): memos (written with up to MEMO_FILES_MAX
// files, edited and deleted by their writer or a book admin), mails kept in the history (each opens the
// /customer/mail/{groupId}/{historyId} popup) and the change log the server writes (ADD, UPDATE, DELETE,
// RESTORE, IMPORT, COPY on GROUP, CARD, MEMO, TAG). 10 a page, newest first; "more" appends the next page;
// a change starts again from page 0; the loading flag stays on HISTORY_LOADING_DELAY_MS after a load. The
// search box (001 §7 searchWords) keeps the items whose text or writer has the word (Enter applies it).
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Input, Label, SearchField, ToggleButton } from "react-aria-components";
import type { CustomerHistoryItem } from "@shared/contacts/customers.ts";
import { MEMO_FILE_MAX_BYTES, MEMO_FILES_MAX, MEMO_MAX } from "@shared/contacts/customers.ts";
import { Button } from "../../../ui/Button.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { saveBlob } from "../../../lib/download.ts";
import { formatBytes } from "../../../lib/bytes.ts";
import * as customerApi from "../api.ts";
import { HISTORY_LOADING_DELAY_MS, historyQuery } from "../queries.ts";
import { done, failed } from "../errors.ts";
import { customerPaths } from "../params.ts";

type HistoryType = customerApi.HistoryParams["historyType"];
const TYPES: HistoryType[] = ["ALL", "MEMO", "MAIL", "LOG"];

/** True while `on`, and `ms` after it went off (001 §4: the history's loading flag). */
function useLingering(on: boolean, ms: number) {
  const [shown, setShown] = useState(on);
  useEffect(() => {
    if (on) return setShown(true);
    const timer = setTimeout(() => setShown(false), ms);
    return () => clearTimeout(timer);
  }, [on, ms]);
  return shown;
}

export function HistoryPanel({ groupId, cardId, canWrite, initialType = "ALL", onType }: {
  groupId: number;
  cardId?: number;
  canWrite: boolean;
  initialType?: HistoryType;
  onType?(t: HistoryType): void;
}) {
  const { t } = useTranslation("customers");
  const [type, setType] = useState<HistoryType>(initialType);
  const [word, setWord] = useState("");
  const [searchWords, setSearchWords] = useState("");
  const params = { groupId, cardId, historyType: type, searchWords };
  const history = useInfiniteQuery(historyQuery(params));
  const qc = useQueryClient();
  const loading = useLingering(history.isFetching, HISTORY_LOADING_DELAY_MS);
  const items = history.data?.pages.flatMap((p) => p.content) ?? [];
  const total = history.data?.pages[0]?.totalElements ?? 0;
  // After a memo is written, changed or deleted the history loads again from page 0.
  const reload = () => qc.resetQueries({ queryKey: ["customer", "history"] });
  const headingId = cardId ? `cu-history-card-${cardId}` : `cu-history-group-${groupId}`;

  return (
    <section className="cu-history" aria-labelledby={headingId} aria-busy={loading || undefined}>
      <h3 id={headingId} className="ct-history-title">{t(cardId ? "history.cardTitle" : "history.groupTitle")}</h3>
      <div className="cu-tabs" role="group" aria-label={t("history.filter")}>
        {TYPES.map((k) => (
          <ToggleButton key={k} className="cu-tab" isSelected={type === k} onChange={() => {
            setType(k);
            onType?.(k);
          }}>
            {t(`history.type.${k}`)}
          </ToggleButton>
        ))}
      </div>
      <div className="cu-history-search" role="search">
        <SearchField value={word} onChange={setWord} onSubmit={(v) => setSearchWords(v.trim())} onClear={() => setSearchWords("")}
          className="ct-search-field">
          <Label className="visually-hidden">{t("history.search")}</Label>
          <Input className="ct-search-input" placeholder={t("history.searchPlaceholder")} maxLength={100} />
        </SearchField>
        <AriaButton className="ct-tool-btn" onPress={() => setSearchWords(word.trim())}>{t("history.searchSubmit")}</AriaButton>
      </div>
      {canWrite && <MemoForm groupId={groupId} cardId={cardId} onSaved={reload} />}
      {history.error && <p role="alert" className="ct-muted">{t("toast.historyFailed")}</p>}
      {history.data && items.length === 0 && <p className="ct-muted">{t(searchWords ? "history.noneFound" : "history.none")}</p>}
      <ol className="cu-history-list" aria-label={t("history.items", { count: total })}>
        {items.map((h) => <HistoryRow key={h.id} h={h} onChanged={reload} />)}
      </ol>
      {loading && <p role="status" className="ct-muted">{t("history.loading")}</p>}
      {history.hasNextPage && !loading && (
        <Button variant="secondary" onPress={() => void history.fetchNextPage()}>{t("history.more", { shown: items.length, total })}</Button>
      )}
    </section>
  );
}

function MemoForm({ groupId, cardId, onSaved }: { groupId: number; cardId?: number; onSaved(): void }) {
  const { t, i18n } = useTranslation("customers");
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = `cu-memo-${cardId ?? "g" + groupId}`;

  function pick(list: FileList | null) {
    const next = [...files, ...(list ? [...list] : [])];
    if (input.current) input.current.value = "";
    if (next.length > MEMO_FILES_MAX) return setError(t("customerErrors:customer.too_many_files"));
    if (next.some((f) => f.size > MEMO_FILE_MAX_BYTES)) return setError(t("customerErrors:customer.file_too_large"));
    setError(undefined);
    setFiles(next);
  }

  async function save() {
    if (!text.trim()) return setError(t("customerErrors:customer.memo_required"));
    setBusy(true);
    try {
      await customerApi.addMemo(groupId, cardId, text.trim(), files);
      done("memoAdded");
      setText("");
      setFiles([]);
      setError(undefined);
      onSaved();
    } catch (e) {
      failed(e, "memoAddFailed");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="cu-memo-form">
      <label className="field-label" htmlFor={id}>{t("memo.new")}</label>
      <textarea id={id} className="field-input ct-memo" rows={3} maxLength={MEMO_MAX} value={text} placeholder={t("memo.placeholder")}
        aria-invalid={!!error || undefined} aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }} />
      {files.length > 0 && (
        <ul className="cu-files" aria-label={t("memo.files")}>
          {files.map((f, i) => (
            <li key={i}>
              {f.name} <span className="ct-muted">{formatBytes(f.size, i18n.language)}</span>
              <AriaButton className="ct-link-btn" aria-label={t("memo.removeFile", { name: f.name })} onPress={() => setFiles(files.filter((_, j) => j !== i))}>
                ✕
              </AriaButton>
            </li>
          ))}
        </ul>
      )}
      {error && <p id={`${id}-error`} role="alert" className="field-error">{error}</p>}
      <div className="cu-memo-actions">
        <input ref={input} type="file" multiple className="visually-hidden" tabIndex={-1} aria-label={t("memo.attach")}
          onChange={(e) => pick(e.currentTarget.files)} />
        <Button variant="secondary" isDisabled={files.length >= MEMO_FILES_MAX} onPress={() => input.current?.click()}>
          {t("memo.attachN", { n: files.length, max: MEMO_FILES_MAX })}
        </Button>
        <Button isDisabled={busy} onPress={() => void save()}>{t("memo.save")}</Button>
      </div>
    </div>
  );
}

function HistoryRow({ h, onChanged }: { h: CustomerHistoryItem; onChanged(): void }) {
  const { t, i18n } = useTranslation("customers");
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(h.content);
  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });

  async function saveEdit() {
    if (!text.trim()) return;
    try {
      await customerApi.patchMemo(h.id, text.trim());
      done("memoUpdated");
      setEditing(false);
      onChanged();
    } catch (e) {
      failed(e, "memoUpdateFailed");
    }
  }
  async function remove() {
    const ok = await confirm({ message: t(h.historyType === "MAIL" ? "mail.deleteConfirm" : "memo.deleteConfirm"), danger: true, confirmLabel: t("action.delete") });
    if (!ok) return;
    try {
      if (h.historyType === "MAIL") await customerApi.deleteKeptMail(h.id);
      else await customerApi.deleteMemo(h.id);
      done(h.historyType === "MAIL" ? "mailDeleted" : "memoDeleted");
      onChanged();
    } catch (e) {
      failed(e, h.historyType === "MAIL" ? "mailDeleteFailed" : "memoDeleteFailed");
    }
  }
  async function download(position: number, name: string) {
    try {
      saveBlob(await customerApi.fileBlob("memo", h.id, position), name);
    } catch (e) {
      failed(e);
    }
  }
  const openMail = () => {
    globalThis.open(customerPaths.mail(h.groupId, h.id), `customer-mail-${h.id}`, "width=900,height=760");
  };

  return (
    <li className={`cu-history-item cu-history-${h.historyType.toLowerCase()}`}>
      <div className="cu-history-head">
        <span className="cu-history-kind">{t(`history.kind.${h.historyType}`)}</span>
        <span className="cu-history-who">{h.userName}</span>
        <time className="ct-muted" dateTime={new Date(h.updatedTimeMilli).toISOString()}>{fmt.format(h.updatedTimeMilli)}</time>
      </div>
      {h.historyType === "LOG" && <p className="cu-history-text">{t(`log.${h.subject}.${h.action}`, { content: h.content })}</p>}
      {h.historyType === "MAIL" && (
        <p className="cu-history-text">
          <AriaButton className="ct-link-btn" onPress={openMail} aria-label={t("mail.open", { subject: h.content || t("mail.noSubject") })}>
            {h.content || t("mail.noSubject")}
          </AriaButton>
        </p>
      )}
      {h.historyType === "MEMO" && !editing && <p className="cu-history-text ct-memo-text">{h.content}</p>}
      {h.historyType === "MEMO" && editing && (
        <div className="cu-memo-form">
          <label className="visually-hidden" htmlFor={`cu-edit-${h.id}`}>{t("memo.edit")}</label>
          <textarea id={`cu-edit-${h.id}`} className="field-input ct-memo" rows={3} maxLength={MEMO_MAX} value={text} onChange={(e) => setText(e.target.value)} />
          <div className="cu-memo-actions">
            <Button variant="secondary" onPress={() => setEditing(false)}>{t("action.cancel")}</Button>
            <Button onPress={() => void saveEdit()}>{t("action.save")}</Button>
          </div>
        </div>
      )}
      {h.attachments.length > 0 && (
        <ul className="cu-files" aria-label={t("memo.files")}>
          {h.attachments.map((a) => (
            <li key={a.position}>
              <AriaButton className="ct-link-btn" onPress={() => void download(a.position, a.name)} aria-label={t("memo.download", { name: a.name })}>
                {a.name}
              </AriaButton>{" "}
              <span className="ct-muted">{formatBytes(a.size, i18n.language)}</span>
            </li>
          ))}
        </ul>
      )}
      {h.editable && !editing && (
        <div className="cu-history-actions">
          {h.historyType === "MEMO" && <AriaButton className="ct-link-btn" onPress={() => setEditing(true)}>{t("memo.edit")}</AriaButton>}
          <AriaButton className="ct-link-btn" onPress={() => void remove()}>{t("action.delete")}</AriaButton>
        </div>
      )}
    </li>
  );
}
