// "Save as search folder": names the folder (the search's summary by default) and creates it under the
// search root (POST /api/folders, type SEARCH, with the search's options); the tree then shows it. A search
// without any condition is refused by the server with mail.8, shown here like every other refusal.
import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FOLDER_NAME_MAX } from "@shared/mail/folders.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { ApiError } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { flattenFolders, foldersQuery, mailKeys } from "../queries.ts";
import type { MailSearch } from "../route-params.ts";
import { saveSearchFolder } from "./api.ts";
import { toFolderOptions } from "./options.ts";

export function SaveSearchDialog({ search, defaultName, onClose }: { search: MailSearch; defaultName: string; onClose(): void }) {
  const { t } = useTranslation("mail");
  const qc = useQueryClient();
  const tree = useQuery(foldersQuery).data;
  const [name, setName] = useState(() => [...defaultName].slice(0, FOLDER_NAME_MAX).join(""));
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setError(errorText("mail.6"));
      return;
    }
    const root = tree ? flattenFolders(tree).find((f) => f.folderType === "SEARCH_ROOT") : undefined;
    setBusy(true);
    try {
      await saveSearchFolder(name.trim(), typeof root?.id === "number" ? root.id : undefined, toFolderOptions(search));
      await qc.invalidateQueries({ queryKey: mailKeys.folders });
      snackbar("SUCCESS", t("search.save.done", { name: name.trim() }));
      onClose();
    } catch (err) {
      setError(errorText(err instanceof ApiError ? err.code : "common.500"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t("search.save.title")} isOpen onClose={onClose}>
      <form onSubmit={save} className="msearch-save-form" noValidate>
        <TextField
          label={t("search.save.name")}
          value={name}
          onChange={(v) => {
            setName(v);
            setError("");
          }}
          maxLength={FOLDER_NAME_MAX}
          errorMessage={error || undefined}
          autoFocus
        />
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("search.save.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{t("search.save.save")}</Button>
        </div>
      </form>
    </Dialog>
  );
}
