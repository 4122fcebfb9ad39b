// New folder and rename (001 §5): the name is required and at most 80 characters for a folder (255 for a file);
// the server's refusals (a name taken in the folder, characters not allowed) show under the field.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { FILE_NAME_MAX, FOLDER_NAME_MAX } from "@shared/drive/constants.ts";
import type { DriveItem } from "@shared/drive/items.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import * as driveApi from "../api.ts";
import { driveErrorText } from "../errors.ts";
import { isFolder, refreshDrive } from "../queries.ts";

export function NameDialog(props: { mode: "new"; parentId: number; onClose(): void } | { mode: "rename"; item: DriveItem; onClose(): void }) {
  const { t } = useTranslation("drive");
  const qc = useQueryClient();
  const folder = props.mode === "new" || isFolder(props.item);
  const max = folder ? FOLDER_NAME_MAX : FILE_NAME_MAX;
  const [name, setName] = useState(props.mode === "rename" ? props.item.fileName : "");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function save() {
    const v = name.normalize("NFC").trim();
    if (!v) return setError(t("errors.drive.name_required"));
    if ([...v].length > max) return setError(t("folder.tooLong", { max }));
    if (props.mode === "rename" && v === props.item.fileName) return props.onClose();
    setBusy(true);
    try {
      if (props.mode === "new") await driveApi.createFolder(v, props.parentId);
      else await driveApi.rename(props.item.id, v);
      snackbar("SUCCESS", t(props.mode === "new" ? "folder.created" : "rename.done", { name: v }));
      await refreshDrive(qc);
      props.onClose();
    } catch (e) {
      setError(driveErrorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={props.mode === "new" ? t("folder.new") : t("rename.title")} isOpen onClose={props.onClose}>
      <Form onSubmit={(e) => {
        e.preventDefault();
        void save();
      }} className="dr-form">
        <TextField
          label={folder ? t("folder.name") : t("rename.name")}
          value={name}
          onChange={(v) => {
            setName(v);
            setError(undefined);
          }}
          errorMessage={error}
          description={t("folder.max", { max })}
          autoFocus
          onFocus={(e) => {
            // Renaming a file selects its name without the extension.
            const input = e.target as HTMLInputElement;
            const dot = !folder ? input.value.lastIndexOf(".") : -1;
            input.setSelectionRange(0, dot > 0 ? dot : input.value.length);
          }}
        />
        <div className="dialog-actions">
          <Button variant="secondary" onPress={props.onClose}>{t("common:action.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{props.mode === "new" ? t("folder.create") : t("common:action.save")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
