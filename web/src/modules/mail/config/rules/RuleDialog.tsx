// Adding or changing an auto-sort rule: address chips for From, To, Cc and To-or-Cc (at least one address in
// all, at most RULE_ADDRESSES_MAX each) and the folder to move matching mail to (the user's inbox-like and
// private folders, from the folder tree). Server codes mail.386-389 are shown in the dialog.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type MailRule, RULE_ADDRESSES_MAX, RULE_FOLDER_TYPES, RULE_OPTIONS, type RuleConditions, type RuleOption } from "@shared/mail/rules.ts";
import { ApiError } from "../../../../lib/api.ts";
import { errorText } from "../../../../lib/i18n.ts";
import { Button } from "../../../../ui/Button.tsx";
import { Dialog } from "../../../../ui/Dialog.tsx";
import { SelectField } from "../../../../ui/SelectField.tsx";
import { folderName } from "../../folders/folder-meta.ts";
import { foldersQuery } from "../../queries.ts";
import type { MailFolder } from "@shared/mail/folders.ts";
import { addRule, changeRule } from "./api.ts";
import { AddressChips } from "./AddressChips.tsx";

/** The folders a rule may file into, with their depth in the tree. */
function ruleFolders(tree: MailFolder[], depth = 0, out: { folder: MailFolder; depth: number }[] = []) {
  for (const f of tree) {
    const fits = (RULE_FOLDER_TYPES as readonly string[]).includes(f.folderType) && typeof f.id === "number";
    if (fits) out.push({ folder: f, depth });
    ruleFolders(f.children, fits ? depth + 1 : depth, out);
  }
  return out;
}

export function RuleDialog({ editing, onClose, onSaved }: {
  editing: MailRule | null;
  onClose(): void;
  /** ignored: the add was ignored at the limit. */
  onSaved(ignored: boolean): void;
}) {
  const { t } = useTranslation("mail");
  const tree = useQuery(foldersQuery);
  const [cond, setCond] = useState<RuleConditions>(editing?.conditionOptions ?? {});
  const [folderId, setFolderId] = useState<number | null>(editing?.processOptions.folderId ?? null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = ruleFolders(tree.data ?? []);
  const total = RULE_OPTIONS.reduce((n, k) => n + (cond[k]?.length ?? 0), 0);

  async function save() {
    setError(null);
    if (!total) return setError("mail.387");
    if (folderId === null) return setError("mail.389");
    setBusy(true);
    try {
      const body = { conditionOptions: cond, processOptions: { folderId } };
      if (editing) {
        await changeRule(editing.id, body);
        onSaved(false);
      } else {
        const r = await addRule(body);
        onSaved("ignored" in r);
      }
    } catch (e) {
      setError(e instanceof ApiError && /^mail\.38[6-9]$/.test(e.code) ? e.code : "common.500");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t(editing ? "rules.dialog.editTitle" : "rules.dialog.addTitle")} isOpen onClose={onClose} width={640}>
      <form className="rule-dialog" onSubmit={(e) => (e.preventDefault(), void save())}>
        <p className="rule-muted">{t("rules.dialog.hint")}</p>
        {RULE_OPTIONS.map((k: RuleOption) => (
          <AddressChips key={k} label={t(`rules.option.${k}`)} values={cond[k] ?? []} max={RULE_ADDRESSES_MAX}
            onChange={(list) => setCond({ ...cond, [k]: list })} />
        ))}
        <SelectField label={t("rules.dialog.folder")} value={folderId === null ? null : String(folderId)} placeholder={t("rules.dialog.chooseFolder")}
          onChange={(v) => setFolderId(Number(v))}
          options={options.map(({ folder, depth }) => ({ id: String(folder.id), label: folderName(folder, t), depth }))} />
        {error && <p className="field-error" role="alert">{errorText(error)}</p>}
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("rules.dialog.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{t("rules.dialog.save")}</Button>
        </div>
      </form>
    </Dialog>
  );
}
