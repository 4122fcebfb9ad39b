// Add a group (at the top of "my groups" or under another) or rename one: the name is required, at most
// LIMITS.groupName characters, unique among its siblings (409 contact.group_name_in_use shows at the field).
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { ContactGroup } from "@shared/contacts/groups.ts";
import { LIMITS } from "@shared/contacts/constants.ts";
import { TextField } from "../../../ui/TextField.tsx";
import { codeOf } from "../../../lib/api.ts";
import * as contactApi from "../api.ts";
import { refreshContacts } from "../queries.ts";
import { contactErrorText, done, failed } from "../errors.ts";
import { FormDialog, useNameForm } from "./FormDialog.tsx";

export type GroupEdit = { kind: "add"; parentId: number; parentName?: string } | { kind: "rename"; group: ContactGroup };

export function GroupDialog({ edit, onClose }: { edit: GroupEdit; onClose(): void }) {
  const { t } = useTranslation("contacts");
  const qc = useQueryClient();
  const f = useNameForm(edit.kind === "rename" ? edit.group.groupName : "", {
    max: LIMITS.groupName,
    requiredText: t("contactErrors:contact.group_name_required"),
    async save(v) {
      if (edit.kind === "add") await contactApi.addGroup(v, edit.parentId);
      else await contactApi.renameGroup(edit.group.id, v);
      done("groupSaveSucceeded");
      await refreshContacts(qc);
      onClose();
    },
    fieldError: (e) => (codeOf(e).startsWith("contact.group_name") || codeOf(e) === "contact.too_long" ? contactErrorText(e) : undefined),
    onFailed: (e) => failed(e, "groupSaveFailed"),
  });

  const title = edit.kind === "rename"
    ? t("group.renameTitle")
    : edit.parentName
    ? t("group.addSubTitle", { name: edit.parentName })
    : t("group.addTitle");
  return (
    <FormDialog title={title} width={420} busy={f.busy} onSubmit={() => void f.submit()} onClose={onClose}>
      <TextField label={t("group.name")} value={f.name} autoFocus isRequired maxLength={LIMITS.groupName + 10} errorMessage={f.error} onChange={f.setName} />
    </FormDialog>
  );
}
