// Add a group (at the top of "my groups" or under another) or rename one: the name is required, at most
// LIMITS.groupName characters, unique among its siblings (409 contact.group_name_in_use shows at the field).
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import type { ContactGroup } from "@shared/contacts/groups.ts";
import { LIMITS } from "@shared/contacts/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { codeOf } from "../../../lib/api.ts";
import * as contactApi from "../api.ts";
import { refreshContacts } from "../queries.ts";
import { contactErrorText, done, failed } from "../errors.ts";

export type GroupEdit = { kind: "add"; parentId: number; parentName?: string } | { kind: "rename"; group: ContactGroup };

export function GroupDialog({ edit, onClose }: { edit: GroupEdit; onClose(): void }) {
  const { t } = useTranslation("contacts");
  const qc = useQueryClient();
  const [name, setName] = useState(edit.kind === "rename" ? edit.group.groupName : "");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function save() {
    const v = name.trim();
    if (!v) return setError(t("contactErrors:contact.group_name_required"));
    if ([...v].length > LIMITS.groupName) return setError(t("contactErrors:contact.too_long"));
    setBusy(true);
    try {
      if (edit.kind === "add") await contactApi.addGroup(v, edit.parentId);
      else await contactApi.renameGroup(edit.group.id, v);
      done("groupSaveSucceeded");
      await refreshContacts(qc);
      onClose();
    } catch (e) {
      if (codeOf(e).startsWith("contact.group_name") || codeOf(e) === "contact.too_long") setError(contactErrorText(e));
      else failed(e, "groupSaveFailed");
    } finally {
      setBusy(false);
    }
  }

  const title = edit.kind === "rename"
    ? t("group.renameTitle")
    : edit.parentName
    ? t("group.addSubTitle", { name: edit.parentName })
    : t("group.addTitle");
  return (
    <Dialog title={title} isOpen onClose={onClose} width={420}>
      <Form className="ct-form" validationBehavior="aria" onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}>
        <TextField label={t("group.name")} value={name} autoFocus isRequired maxLength={LIMITS.groupName + 10} errorMessage={error}
          onChange={(v) => {
            setName(v);
            setError(undefined);
          }} />
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("action.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{t("action.save")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
