// The post editor's form: the board (those the user may write on), title, content (the shared rich-text
// editor with links, images, tables and @mentions), tags, the notice and must-read (필독) switches (must-read
// only with a notice), and the attachments. Saving answers 201 (new) or 200 (edit) and calls onSaved; a
// failure shows its text and keeps the form. Leaving with changes asks first (useWriteGuard).
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { POST_TITLE_MAX } from "@shared/board/constants.ts";
import type { BoardTag } from "@shared/board/config.ts";
import type { Post } from "@shared/board/posts.ts";
import { Button } from "../../../ui/Button.tsx";
import { Switch } from "../../../ui/Switch.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { RichEditor } from "../../../ui/editor/RichEditor.tsx";
import { EditorTable } from "../../../ui/editor/table.ts";
import { FileImage } from "../../../ui/editor/image.ts";
import { mentionExtension } from "../../../ui/editor/mention.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { addPost, updatePost } from "../api.ts";
import { failed } from "../errors.ts";
import { refreshBoards } from "../queries.ts";
import { Attachments } from "./Attachments.tsx";
import { type BoardChoice, BoardSelect } from "./BoardSelect.tsx";
import { check, type Draft, newPostBody, sameDraft, updateBody } from "./draft.ts";
import { editorTexts, findColleagues, inlineImages } from "./editor-parts.ts";
import { FileDrop } from "../../../ui/FileDrop.tsx";
import { TagPicker } from "./TagPicker.tsx";
import { type Attachment, useAttachments } from "./useAttachments.ts";
import { useWriteGuard } from "./useWriteGuard.ts";

export interface PostFormProps {
  initial: Draft;
  initialFiles: Attachment[];
  /** Editing this post (its board cannot change here). */
  postId?: number;
  boardName?: string;
  choices: BoardChoice[];
  tags: BoardTag[];
  /** Told under the title: attachments of a mail that could not come along. */
  notice?: string;
  onSaved(post: Post, created: boolean): void;
  onCancel(): void;
}

export function PostForm({ initial, initialFiles, postId, boardName, choices, tags, notice, onSaved, onCancel }: PostFormProps) {
  const { t } = useTranslation("board");
  const qc = useQueryClient();
  const [d, setD] = useState<Draft>(initial);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const saved = useRef(false);
  const files = useAttachments(initialFiles);
  const set = (p: Partial<Draft>) => setD((x) => ({ ...x, ...p }));

  const extensions = useMemo(() => [FileImage, EditorTable, mentionExtension({ find: findColleagues, texts: editorTexts(t) })], [t]);
  const images = useMemo(() => inlineImages(), []);

  const dirty = () => !saved.current && (!sameDraft(d, initial) || files.changed);
  useWriteGuard(dirty);

  const errors = tried ? check(d) : {};

  async function save() {
    setTried(true);
    const e = check(d);
    if (e.board || e.title || e.content) {
      snackbar("VALIDATION", t(e.board ? "write.errors.board" : e.title ? "write.errors.title" : "write.errors.content"));
      return;
    }
    if (files.uploading) return snackbar("VALIDATION", t("write.files.stillUploading"));
    if (files.failed) return snackbar("VALIDATION", t("write.files.fixFailed"));
    setBusy(true);
    try {
      const post = postId
        ? await updatePost(postId, updateBody(d, files.newIds, files.removedIds))
        : await addPost(newPostBody(d, files.newIds));
      saved.current = true;
      void refreshBoards(qc);
      onSaved(post, !postId);
    } catch (err) {
      failed(err, postId ? "23" : "21");
    } finally {
      setBusy(false);
    }
  }

  return (
    <FileDrop className="bw-drop" label={t("write.files.dropArea")} onFiles={files.add}>
      <form className="bw-form" noValidate onSubmit={(e) => {
        e.preventDefault();
        // Only this form's own submit (a popover's form inside it is a portal, yet React passes its submit on).
        if (e.target === e.currentTarget) void save();
      }}>
        <div className="bw-head">
          <h1 className="bw-title">{t(postId ? "write.editTitle" : "write.newTitle")}</h1>
          <div className="bw-actions">
            <Button variant="secondary" onPress={onCancel}>{t("write.cancel")}</Button>
            <Button type="submit" isDisabled={busy}>{t(postId ? "write.save" : "write.submit")}</Button>
          </div>
        </div>
        {notice && <p className="bw-notice" role="status">{notice}</p>}
        <div className="bw-row">
          {postId
            ? <p className="bw-board-fixed"><span className="field-label">{t("write.board")}</span> <span>{boardName}</span></p>
            : (
              <BoardSelect label={t("write.board")} placeholder={t("write.boardPlaceholder")} choices={choices} value={d.boardId}
                onChange={(boardId) => set({ boardId })} errorMessage={errors.board ? t("write.errors.board") : undefined} />
            )}
          <div className="bw-title-field">
            <TextField label={t("write.titleLabel")} value={d.title} onChange={(title) => set({ title })} maxLength={POST_TITLE_MAX} isRequired
              errorMessage={errors.title ? t("write.errors.title") : undefined} />
          </div>
        </div>
        <div className="bw-switches">
          <Switch label={t("write.notice")} isSelected={d.isNotice} onChange={(isNotice) => set({ isNotice, mustRead: isNotice && d.mustRead })} />
          <Switch label={t("write.mustRead")} description={t("write.mustReadHint")} isSelected={d.isNotice && d.mustRead} isDisabled={!d.isNotice}
            onChange={(mustRead) => set({ mustRead })} />
        </div>
        <TagPicker tags={tags} value={d.tagIds} onChange={(tagIds) => set({ tagIds })} />
        <div className={`bw-content${errors.content ? " bw-content-invalid" : ""}`}>
          <RichEditor label={t("write.content")} initialHtml={initial.content} onChange={(content) => set({ content })}
            texts={editorTexts(t)} extensions={extensions} images={images} />
          {errors.content && <p className="field-error" role="alert">{t("write.errors.content")}</p>}
        </div>
        <Attachments ops={files} />
      </form>
    </FileDrop>
  );
}
