// "Move" from a private folder's menu: the keyboard and screen-reader way to do what dragging does (000 §7
// PUT api/folders/move/{id}/{targetId}/{before|next|inner}). The user picks where (inside, before or after)
// and which folder; the folder itself and its sub-folders are never offered, and "inside" also offers the
// private root ("My folders", the top level). The server's refusal shows in the dialog.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import type { FolderMovePosition, MailFolder } from "@shared/mail/folders.ts";
import { ApiError } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { folderName, isSelfOrDescendant, keyOf, type TreeFolder } from "./folder-meta.ts";

const POSITIONS: FolderMovePosition[] = ["inner", "before", "next"];

/** The folders `moving` may go inside of, before or after, in tree order with their depth. */
function targets(tree: MailFolder[], moving: TreeFolder, position: FolderMovePosition) {
  const out: { f: MailFolder; depth: number }[] = [];
  const walk = (list: MailFolder[], depth: number) => {
    for (const f of list) {
      if (f.folderType === "PRIVATE_ROOT" && position === "inner") out.push({ f, depth });
      if (f.folderType === "PRIVATE" && !isSelfOrDescendant(tree, keyOf(moving), keyOf(f))) out.push({ f, depth });
      if (f.folderType === "PRIVATE_ROOT" || (f.folderType === "PRIVATE" && keyOf(f) !== keyOf(moving))) walk(f.children, depth + 1);
    }
  };
  walk(tree, 0);
  return out;
}

export function MoveFolderDialog({ folder, tree, onSubmit, onClose }: {
  folder: TreeFolder;
  tree: MailFolder[];
  onSubmit(targetKey: string, position: FolderMovePosition): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation("mail");
  const id = useId();
  const [position, setPosition] = useState<FolderMovePosition>("inner");
  const list = targets(tree, folder, position);
  const [target, setTarget] = useState("");
  const chosen = list.some(({ f }) => keyOf(f) === target) ? target : "";
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (!chosen) return setError(t("folders.moveChoose"));
    setBusy(true);
    try {
      await onSubmit(chosen, position);
      onClose();
    } catch (e) {
      setError(errorText(e instanceof ApiError ? e.code : "common.500"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t("folders.moveTitle", { name: folder.nameFolder })} isOpen onClose={onClose}>
      <Form onSubmit={(e) => (e.preventDefault(), void submit())} className="mf-dialog-form">
        <div className="field">
          <label htmlFor={`${id}-p`} className="field-label">{t("folders.movePosition")}</label>
          <select id={`${id}-p`} className="field-input native" value={position} autoFocus
            onChange={(e) => (setPosition(e.target.value as FolderMovePosition), setError(undefined))}>
            {POSITIONS.map((p) => <option key={p} value={p}>{t(`folders.movePositions.${p}`)}</option>)}
          </select>
        </div>
        <div className="field" data-invalid={error ? true : undefined}>
          <label htmlFor={`${id}-t`} className="field-label">{t("folders.moveTarget")}</label>
          <select id={`${id}-t`} className="field-input native" value={chosen} aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-e` : undefined} onChange={(e) => (setTarget(e.target.value), setError(undefined))}>
            <option value="" disabled>{t("folders.moveChoose")}</option>
            {list.map(({ f, depth }) => (
              <option key={keyOf(f)} value={keyOf(f)}>{"\u00a0\u00a0".repeat(depth)}{folderName(f, t)}</option>
            ))}
          </select>
          {error && <span id={`${id}-e`} className="field-error" role="alert">{error}</span>}
        </div>
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("folders.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{t("folders.moveSubmit")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
