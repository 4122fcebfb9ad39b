// Writing or editing an announcement: a title and rich-text contents, checked here for speed (required, 200
// characters, 100 KB) and again by the server, which also sanitises the HTML.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import {
  type Announcement, ANNOUNCEMENT_CONTENTS_MAX_BYTES, ANNOUNCEMENT_TITLE_MAX, type AnnouncementInput, hasVisibleContents,
} from "@shared/announcements.ts";
import { api } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { announcementKeys, markSeen } from "../../../app/announcements/queries.ts";
import { userDetailQuery } from "../../../app/queries.ts";
import { codeOf, failureText, fieldErrorsOf, submitIf } from "../feedback.ts";
import { formatBytes } from "../format.ts";
import { RichTextEditor } from "./RichTextEditor.tsx";
import "../../../app/announcements/announcements.css";

const bytes = (s: string) => new TextEncoder().encode(s).length;

export function AnnouncementEditDialog({ announcement, onClose }: { announcement?: Announcement; onClose(): void }) {
  const { t, i18n } = useTranslation("announcements");
  const qc = useQueryClient();
  const me = useQuery(userDetailQuery).data;
  const [title, setTitle] = useState(announcement?.title ?? "");
  const [contents, setContents] = useState(announcement?.contents ?? "");
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const size = bytes(contents);

  const titleError = !title.trim() ? errorText("announcement.title_required")
    : title.trim().length > ANNOUNCEMENT_TITLE_MAX ? errorText("announcement.title_too_long") : undefined;
  const contentsError = size > ANNOUNCEMENT_CONTENTS_MAX_BYTES ? errorText("announcement.contents_too_large")
    : !hasVisibleContents(contents) ? errorText("announcement.contents_required") : undefined;

  const save = useMutation({
    mutationFn: () => {
      const json: AnnouncementInput = { title: title.trim(), contents };
      return announcement
        ? api<Announcement>(`/api/admin/announcements/${announcement.id}`, { method: "PUT", json })
        : api<Announcement>("/api/admin/announcements", { method: "POST", json });
    },
    onSuccess: async (saved) => {
      // The author has seen it: no new-announcement signal for their own post.
      if (me) markSeen(me.id, saved.registTimeMillis);
      snackbar("SUCCESS", t(announcement ? "admin.edit.saved" : "admin.edit.created"));
      await qc.invalidateQueries({ queryKey: announcementKeys.all });
      onClose();
    },
    onError: (e) => {
      const fields = fieldErrorsOf(e);
      if (fields.title || fields.contents) setServer(fields);
      else if (codeOf(e).startsWith("announcement.")) setServer({ contents: failureText(e) });
      else snackbar("ERROR", failureText(e));
    },
  });

  const shown = (field: "title" | "contents", local?: string) => server[field] ?? (tried ? local : undefined);
  return (
    <Dialog title={t(announcement ? "admin.edit.editTitle" : "admin.edit.createTitle")} isOpen onClose={onClose} width={760}>
      <Form className="adm-form" validationBehavior="aria"
        onSubmit={submitIf(() => (setTried(true), setServer({}), !titleError && !contentsError), () => save.mutate())}>
        <TextField label={t("admin.edit.titleField")} value={title} onChange={setTitle} isRequired autoFocus
          maxLength={ANNOUNCEMENT_TITLE_MAX} errorMessage={shown("title", titleError)} />
        <RichTextEditor label={t("admin.edit.contentsField")} initialHtml={announcement?.contents ?? ""} onChange={setContents}
          errorMessage={shown("contents", contentsError)}
          description={t("admin.edit.size", {
            size: formatBytes(size, i18n.language),
            max: formatBytes(ANNOUNCEMENT_CONTENTS_MAX_BYTES, i18n.language),
          })} />
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("admin.edit.cancel")}</Button>
          <Button type="submit" isDisabled={save.isPending}>
            {t(announcement ? "admin.edit.submitEdit" : "admin.edit.submitCreate")}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
