// The notepad (NOTEPAD_MAX characters, plain text): saved a moment after typing stops (and when the page is left
// with a change unsaved), then "saved" with the time. Another tab's save (HOME_CHANGED) shows here unless this
// one is being typed in.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Label, TextArea, TextField } from "react-aria-components";
import { type DashboardConfig, type Notepad as NotepadData, NOTEPAD_MAX } from "@shared/home/api.ts";
import { codeOf, paramsOf } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";
import * as homeApi from "./api.ts";
import { homeConfigQuery } from "./queries.ts";
import { useUserZone } from "./zone.ts";

export const NOTEPAD_SAVE_MS = 800;

export function Notepad({ notepad }: { notepad: NotepadData }) {
  const { t, i18n } = useTranslation("home");
  const qc = useQueryClient();
  const timeZone = useUserZone();
  const [text, setText] = useState(notepad.content);
  const [dirty, setDirty] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef({ text, dirty });
  latest.current = { text, dirty };
  const save = useMutation({
    mutationFn: homeApi.saveNotepad,
    onSuccess: (saved, sent) => {
      qc.setQueryData<DashboardConfig>(homeConfigQuery.queryKey, (c) => (c ? { ...c, notepad: saved } : c));
      if (latest.current.text === sent) setDirty(false);
    },
  });
  // The server's text when this one has nothing unsaved (a reload, another tab).
  useEffect(() => {
    if (!latest.current.dirty) setText(notepad.content);
  }, [notepad.content]);
  // Leaving with a change not yet sent sends it.
  useEffect(() => () => {
    clearTimeout(timer.current);
    if (latest.current.dirty) void homeApi.saveNotepad(latest.current.text).catch(() => {});
  }, []);
  const change = (v: string) => {
    setText(v);
    setDirty(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => save.mutate(v), NOTEPAD_SAVE_MS);
  };
  const savedAt = notepad.updatedAt
    ? new Intl.DateTimeFormat(i18n.language, { hour: "numeric", minute: "2-digit", timeZone }).format(new Date(notepad.updatedAt))
    : null;
  const status = save.isError
    ? t("notepad.failed", { reason: errorText(codeOf(save.error), paramsOf(save.error)) })
    : dirty
    ? t("notepad.saving")
    : savedAt
    ? t("notepad.saved", { time: savedAt })
    : "";
  return (
    <section className="hm-panel hm-notepad" aria-labelledby="hm-notepad-title">
      <div className="hm-panel-head">
        <h2 id="hm-notepad-title" className="hm-panel-title">{t("notepad.title")}</h2>
        <span className={`hm-notepad-status${save.isError ? " hm-error-text" : ""}`} role="status" aria-live="polite">{status}</span>
      </div>
      <TextField value={text} onChange={change} maxLength={NOTEPAD_MAX} className="hm-notepad-field">
        <Label className="visually-hidden">{t("notepad.label")}</Label>
        <TextArea className="field-input hm-notepad-text" rows={8} placeholder={t("notepad.placeholder")} />
      </TextField>
    </section>
  );
}
