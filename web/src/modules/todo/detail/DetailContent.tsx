// The item's content (002 §3 "Item detail: content"): the app's rich-text editor (ui/editor) with a save button
// that POSTs detail/content (002 §7); "저장됨" once the server has it, 002 §8's "아이템 상세 내용을 저장하지
// 못했습니다" (or the 413's text) when not, the text kept in the editor. Read-only people see the text.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RichEditor } from "../../../ui/editor/RichEditor.tsx";
import type { EditorTexts } from "../../../ui/editor/texts.ts";
import { Button } from "../../../ui/Button.tsx";

export function DetailContent({ itemId, content, canEdit, onSave }: {
  itemId: number;
  content: string;
  canEdit: boolean;
  onSave(html: string): Promise<unknown>;
}) {
  const { t } = useTranslation("todo");
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const texts: EditorTexts = (key, vars) => t(`detail.editor.${key}`, vars ?? {});
  const dirty = draft !== null && draft !== content;

  async function save() {
    if (draft === null || saving) return;
    setSaving(true);
    try {
      await onSave(draft);
      setDraft(null);
      setSaved(true);
    } catch {
      // told; the editor keeps the text
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="td-detail-section td-detail-content" aria-label={t("detail.content")}>
      <div className="wk-section-head">
        <h2 className="wk-section-title">{t("detail.content")}</h2>
        <span className="wk-spacer" />
        {canEdit && (
          <>
            <span className="wk-muted" aria-live="polite">{dirty ? t("detail.unsaved") : saved ? t("detail.saved") : ""}</span>
            <Button className="wk-small" isDisabled={!dirty || saving} onPress={() => void save()}>{t("detail.save")}</Button>
          </>
        )}
      </div>
      {canEdit
        ? (
          <RichEditor key={itemId} label={t("detail.content")} initialHtml={content} texts={texts} className="td-detail-editor"
            onChange={(html) => {
              setDraft(html);
              setSaved(false);
            }} />
        )
        : content
        // The server keeps only what the editor's schema allows (shared/todo/details.ts), so it is shown as such.
        ? <div className="td-detail-readonly rte-area" dangerouslySetInnerHTML={{ __html: content }} />
        : <p className="wk-muted wk-empty">{t("detail.noContent")}</p>}
    </section>
  );
}
