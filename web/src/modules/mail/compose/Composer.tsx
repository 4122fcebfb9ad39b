// The compose screen (000 §2 /mail/write, §3 Compose draft, §4 Compose, §5): starts from the draft the entry
// type asks for (blank, reply, reply all, forward, resend, draft, to me), holds the mail being written, sends
// it after the §5 checks (and the preview, when config.previewBeforeSend asks for it), saves drafts (by hand
// and every config.autoSave seconds when something changed; a new draft switches the route to it without
// remounting the form), keeps the unsaved mail in sessionStorage until it is sent or reset, so a reload, a
// failed request or a visit to another screen loses nothing, asks before leaving with unsaved changes, and
// shows the result panel after sending. Files may be dropped anywhere on it. A fresh compose starts with the
// user's default signature (for new mail, or for replies and forwards).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SendResult as Result } from "@shared/mail/compose.ts";
import { ApiError } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { companyQuery, userDetailQuery } from "../../../app/queries.ts";
import { largeFileMaxBytes } from "@shared/company.ts";
import { refreshMail } from "../queries.ts";
import { useMailConfig } from "../open.ts";
import { COMPOSE_TYPES, type FolderRef, mailPaths, popupUrls, type WriteAction } from "../route-params.ts";
import { loadDraft, mailCompanyConfigQuery, saveDraft, sendMail } from "./api.ts";
import { ComposeForm } from "./ComposeForm.tsx";
import { FileDrop } from "../../../ui/FileDrop.tsx";
import { type Preview, PreviewDialog } from "./PreviewDialog.tsx";
import { SendResult } from "./SendResult.tsx";
import { runSendChecks } from "./sendChecks.ts";
import { startingState } from "./start.ts";
import { blankState, bodyOf, cleared, type ComposeState, dropState, fromDraft, hasLargeFiles, keepState, keptState } from "./state.ts";
import { useAttachments } from "./useAttachments.ts";
import { useLeaveGuard } from "./useLeaveGuard.ts";
import "./compose.css";

/** The storage key of a compose route: where it is shown and what it starts from. */
export function routeKey(inPopup: boolean, folderId: FolderRef, page: number, action: WriteAction): string {
  return `${inPopup ? "popup" : "write"}:${folderId}:${page}:${JSON.stringify(action)}`;
}

/** The message of a failed compose request: 403 mail.360, 423 mail.359, otherwise the server's code. */
function failureText(e: unknown, fallback: string): string {
  if (!(e instanceof ApiError)) return errorText(fallback);
  if (e.status === 403) return errorText("mail.360");
  if (e.status === 423) return errorText("mail.359");
  return errorText(e.code, e.params);
}

export function Composer({ folderId, page, action, inPopup = false, onHandOver }: {
  folderId: FolderRef;
  page: number;
  action: WriteAction;
  inPopup?: boolean;
  /** Called before the composer switches the route to the draft it saved: the route keeps this composer. */
  onHandOver?(to: WriteAction): void;
}) {
  const { t } = useTranslation("mail");
  const navigate = useNavigate();
  const qc = useQueryClient();
  const config = useMailConfig();
  const company = useQuery(companyQuery);
  /** The company's isLargeAttPw: large files need a password the sender sets (asked beside the files). */
  const companyMail = useQuery(mailCompanyConfigQuery).data;
  const largeFilePassword = !!companyMail?.isLargeAttPw;
  /** The company's large-file limit: a file past it is refused before its upload (useAttachments). */
  const largeLimit = companyMail
    ? {
      bytes: largeFileMaxBytes(companyMail),
      label: `${companyMail.largeFileMaxSize} ${companyMail.largeFileSizeUnit}`,
    }
    : undefined;
  const [key, setKey] = useState(() => routeKey(inPopup, folderId, page, action));
  const restored = useRef(keptState(key));
  const [s, setS] = useState<ComposeState | null>(restored.current);
  const [editorVersion, setEditorVersion] = useState(0);
  const [busy, setBusy] = useState<"send" | "draft" | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [result, setResult] = useState<{ result: Result; reserveDate: number | null } | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  /** Changed since it was loaded or last saved (a restored mail counts as changed). */
  const dirty = useRef(!!restored.current);
  /** Sent, or given up by the user: nothing to keep. */
  const done = useRef(false);
  const latest = useRef(s);
  latest.current = s;
  const keyRef = useRef(key);
  keyRef.current = key;
  const toMe = action.type === COMPOSE_TYPES.TOME || s?.composeType === "TOME";

  const set = (patch: Partial<ComposeState>) => {
    dirty.current = true;
    setS((cur) => (cur ? { ...cur, ...patch } : cur));
  };
  const ops = useAttachments(s?.attachments ?? [], (fn) => {
    dirty.current = true;
    setS((cur) => (cur ? { ...cur, attachments: fn(cur.attachments) } : cur));
  }, largeLimit);

  // The starting draft, unless an unsaved one of this route was kept. React may run a mount effect twice for
  // one composer (StrictMode in development does, and the test build is one): the draft is asked for and a
  // restored mail announced once per composer, not once per run.
  const starting = useRef<Promise<ComposeState> | null>(null);
  const announced = useRef(false);
  useEffect(() => {
    if (restored.current) {
      if (announced.current) return;
      announced.current = true;
      // The secure-mail and large-file passwords are not kept (state.ts): ask for them again.
      if (restored.current.isSecure || hasLargeFiles(restored.current)) setShowErrors(true);
      snackbar("INFO", restored.current.isSecure ? `${t("compose.restored")} ${t("compose.securePasswordAgain")}` : t("compose.restored"));
      return;
    }
    let live = true;
    // Only reply, forward, resend and draft start from a mail; every other entry is a blank compose.
    const blank = !action.mailId && !action.mailIds?.length;
    starting.current ??= startingState(action, qc);
    starting.current.then((next) => live && setS(next), (e) => {
      if (!live) return;
      // 423 mail.359, 403 mail.360, anything else mail.361; then a blank compose (000 §8).
      snackbar("ERROR", e instanceof ApiError && (e.status === 403 || e.status === 423) ? failureText(e, "common.500") : t("compose.loadFailed"), { carry: true });
      if (!blank && !inPopup) {
        void navigate({ ...mailPaths.write(folderId, page, {}), replace: true });
        return;
      }
      if (!blank) history.replaceState(null, "", popupUrls.write({ folderId }));
      // A blank compose the server could not start is started here: the server fills in the sender on send.
      const local = () =>
        setS((cur) => cur ?? blankState(action.type === COMPOSE_TYPES.TOME ? "TOME" : "DEFAULT", qc.getQueryData(userDetailQuery.queryKey), action.to));
      if (blank) local();
      else loadDraft({}).then((d) => live && setS(fromDraft(d)), () => live && local());
    });
    return () => {
      live = false;
    };
    // Loaded once: the route remounts the composer for another action.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Keep the mail being written under its route until it is sent or reset, once something changed in it (an
  // untouched one kept would come back after a reload announced as "restored"); on leaving, only a mail with
  // unsaved changes stays kept (a saved or untouched one is on the server).
  useEffect(() => {
    if (!s || result) return;
    const id = setTimeout(() => (dirty.current ? keepState(key, s) : dropState(key)), 300);
    return () => clearTimeout(id);
  }, [s, key, result]);
  useEffect(() => () => {
    if (dirty.current && !done.current && latest.current) keepState(keyRef.current, latest.current);
    else dropState(keyRef.current);
  }, []);

  useLeaveGuard({
    unsaved: () => dirty.current && !done.current && !!latest.current,
    keepsInTab: config.useTab && !inPopup,
    onDiscard: () => {
      done.current = true;
      dropState(keyRef.current);
    },
  });

  // Auto-save (config.autoSave seconds; 0 = off) when something changed since the last save; the timer runs
  // steadily while the user types (it calls the latest save).
  const busyRef = useRef(busy);
  busyRef.current = busy;
  const saveRef = useRef<(auto?: boolean) => Promise<void>>(async () => {});
  useEffect(() => {
    if (!config.autoSave || result) return;
    const id = setInterval(() => {
      if (dirty.current && latest.current && !busyRef.current) void saveRef.current(true);
    }, config.autoSave * 1000);
    return () => clearInterval(id);
  }, [config.autoSave, result]);

  async function save(auto = false) {
    const cur = latest.current;
    if (!cur || busyRef.current) return;
    setBusy("draft");
    busyRef.current = "draft";
    dirty.current = false;
    try {
      const ids = await ops.uploadPending();
      if (!ids) throw new Error("upload");
      const subject = cur.subject.trim() ? cur.subject : t("compose.tempSaveSubject");
      const saved = await saveDraft({ ...bodyOf(cur, { subject, fontSizePt: config.initFontSize }), attachments: ids });
      const next = { ...(latest.current ?? cur), draftId: saved.draftId };
      setS(next);
      void refreshMail(qc);
      snackbar(auto ? "INFO" : "SUCCESS", t(auto ? "compose.autoSaved" : "compose.draftSaved"), { carry: true });
      // A saved draft is the route (000 §4): the route switches to it in place (same form, cursor kept), and
      // the kept mail moves to the draft's route.
      const draftAction: WriteAction = { type: COMPOSE_TYPES.DRAFT, mailId: saved.mailId, ...(action.sharedFolderId ? { sharedFolderId: action.sharedFolderId } : {}) };
      const nextKey = routeKey(inPopup, folderId, page, draftAction);
      if (nextKey === key) return;
      dropState(key);
      keepState(nextKey, next);
      setKey(nextKey);
      if (inPopup) {
        history.replaceState(null, "", popupUrls.write({ ...draftAction, folderId }));
      } else {
        onHandOver?.(draftAction);
        void navigate({ ...mailPaths.write(folderId, page, draftAction), replace: true, ignoreBlocker: true });
      }
    } catch (e) {
      dirty.current = true;
      if (latest.current) keepState(key, latest.current);
      snackbar("ERROR", `${t("compose.draftFailed")}${e instanceof ApiError ? ` ${failureText(e, "common.500")}` : ""}`);
    } finally {
      setBusy(null);
      busyRef.current = null;
    }
  }

  saveRef.current = save;

  async function send() {
    const cur = latest.current;
    if (!cur || busyRef.current) return;
    setShowErrors(true);
    setBusy("send");
    busyRef.current = "send";
    try {
      const outcome = await runSendChecks(cur, {
        toMe,
        companyDomains: company.data?.domains ?? [],
        largeFilePassword,
        untitled: t("compose.untitled"),
        confirmEmptySubject: () => confirm({ message: t("compose.emptySubjectConfirm"), confirmLabel: t("compose.send") }),
      });
      if (!outcome.ok) {
        if (outcome.flagged) setS((c) => (c ? { ...c, ...outcome.flagged } : c));
        if (outcome.message.key) snackbar("VALIDATION", errorText(outcome.message.key));
        return;
      }
      const body = bodyOf(cur, { subject: outcome.subject, fontSizePt: config.initFontSize, includeMe: toMe ? 0 : config.includeMe });
      // The preview before sending (config.previewBeforeSend): what goes out, to whom; cancelling keeps writing.
      if (config.previewBeforeSend && !(await new Promise<boolean>((resolve) => setPreview({ s: cur, subject: outcome.subject, html: body.content, resolve })))) {
        return;
      }
      if (outcome.subject !== cur.subject) set({ subject: outcome.subject });
      const ids = await ops.uploadPending();
      if (!ids) return;
      const sent = await sendMail({ ...body, attachments: ids }, action.sharedFolderId);
      done.current = true;
      dirty.current = false;
      dropState(key);
      setResult({ result: sent, reserveDate: sent.reserved ? cur.reserveDate : null });
      void refreshMail(qc, { quota: true });
    } catch (e) {
      if (latest.current) keepState(key, latest.current);
      snackbar("ERROR", failureText(e, "common.500"));
    } finally {
      setBusy(null);
      busyRef.current = null;
    }
  }

  async function reset() {
    if (!s || !(await confirm({ message: t("compose.resetConfirm"), confirmLabel: t("compose.reset"), danger: true }))) return;
    for (const a of s.attachments) if (a.status === 1) ops.cancel(a.key);
    setS(cleared(s));
    setShowErrors(false);
    setEditorVersion((v) => v + 1);
    dirty.current = false;
    dropState(key);
  }

  if (result) {
    return (
      <SendResult result={result.result} reserveDate={result.reserveDate} inPopup={inPopup}
        onWriteAnother={() => {
          if (inPopup) {
            history.replaceState(null, "", popupUrls.write({ folderId }));
            done.current = false;
            setResult(null);
            if (s) setS(cleared({ ...s, composeType: "DEFAULT" }));
            setEditorVersion((v) => v + 1);
          } else if (!action.type && !action.mailId && !action.to) {
            done.current = false;
            setResult(null);
            if (s) setS(cleared(s));
            setEditorVersion((v) => v + 1);
          } else {
            void navigate(mailPaths.write(folderId, page, {}));
          }
        }}
        onList={() => void navigate(mailPaths.list(folderId, page))}
        onOpenSent={(id) => void navigate(mailPaths.list(id, 1))} />
    );
  }

  if (!s) return <p className="cmp-loading" role="status">{t("compose.loading")}</p>;

  return (
    <FileDrop className="cmp-drop" label={t("compose.dropZone")} onFiles={ops.add}>
      <ComposeForm s={s} set={set} ops={ops} action={action} toMe={toMe} busy={busy} showErrors={showErrors}
        largeFilePassword={largeFilePassword}
        editorVersion={editorVersion} onSend={send} onSave={() => void save(false)} onReset={reset} />
      {preview && (
        <PreviewDialog preview={preview} onClose={(ok) => {
          setPreview(null);
          preview.resolve(ok);
        }} />
      )}
    </FileDrop>
  );
}
