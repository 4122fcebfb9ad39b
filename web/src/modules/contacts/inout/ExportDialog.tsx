// Export (GET api/contact/card/export): the selected cards, or a group's (all by default), as vCard 3.0 (what
// phones and most programs read), vCard 4.0 or an Excel sheet (.xlsx); the browser saves the file.
import { useQuery } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Label, Radio, RadioGroup } from "react-aria-components";
import { EXPORT_FORMATS, type ExportFormat, groupIdOf } from "@shared/contacts/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { saveBlob } from "../../../lib/download.ts";
import * as contactApi from "../api.ts";
import { flatGroups, treeQuery } from "../queries.ts";
import { failed } from "../errors.ts";

export function ExportDialog({ cardIdList, onClose }: { cardIdList?: number[]; onClose(): void }) {
  const { t } = useTranslation("contacts");
  const params = useParams({ strict: false }) as { groupId?: string };
  const listed = groupIdOf(params.groupId ?? "") ?? -1;
  const groups = flatGroups(useQuery(treeQuery).data);
  const [format, setFormat] = useState<ExportFormat>("VCARD3");
  const [groupId, setGroupId] = useState(listed > 0 || listed === -2 ? String(listed) : "-1");
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      const { blob, name } = await contactApi.exportCards(format, groupId, cardIdList);
      saveBlob(blob, name);
      onClose();
    } catch (e) {
      failed(e, "exportFailed");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t("inout.exportTitle")} isOpen onClose={onClose} width={460}>
      <div className="ct-form">
        {cardIdList?.length
          ? <p>{t("inout.exportSelected", { count: cardIdList.length })}</p>
          : (
            <SelectField label={t("inout.exportGroup")} value={groupId} onChange={setGroupId} options={[
              { id: "-1", label: t("group.special.all") },
              { id: "-2", label: t("group.special.important") },
              ...groups.map(({ group, depth }) => ({ id: String(group.id), label: group.groupName, depth })),
            ]} />
          )}
        <RadioGroup className="ct-radio-list" value={format} onChange={(v) => setFormat(v as ExportFormat)}>
          <Label className="field-label">{t("inout.format")}</Label>
          {EXPORT_FORMATS.map((f) => <Radio key={f} value={f} className="ct-radio">{t(`inout.formats.${f}`)}</Radio>)}
        </RadioGroup>
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("action.cancel")}</Button>
          <Button isDisabled={busy} onPress={() => void run()}>{t("inout.download")}</Button>
        </div>
      </div>
    </Dialog>
  );
}
