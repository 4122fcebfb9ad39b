// "결재선 지정": the approval line editor (002 §3, §5). The organisation chart with its members (or a search by
// name) on one side, the chosen lines by group on the other. A person or department is added as the chosen
// line type (people for user types, the selected department for the _ORGAN types) after the server's check of
// one addition (appr-line/approver/validate: duplicates, the drafter, the drafting department refused); the
// whole list is validated on the fly and each line shows its errors. Saved lines can be loaded or the current
// ones saved (PresetBar). Used by the draft editor, the form designer's preset line, and the document view's
// "change upper lines" and "add share lines" (allowedTypes limits the choice).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LINE_TYPES, ORGAN_LINE_TYPES } from "@shared/approval/constants.ts";
import type { LineType } from "@shared/approval/constants.ts";
import type { ApprovalLine, LineInput } from "@shared/approval/lines.ts";
import type { OrganizationNode } from "@shared/organizations.ts";
import { Dialog } from "../../../ui/Dialog.tsx";
import { Button } from "../../../ui/Button.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { SearchForm } from "../../../ui/SearchForm.tsx";
import { ApiError, codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { validateLines, validateOne } from "./api.ts";
import { ChosenLines } from "./ChosenLines.tsx";
import { MemberList, type Person } from "./MemberList.tsx";
import { OrganTree } from "./OrganTree.tsx";
import { PresetBar } from "./PresetBar.tsx";
import "../josa-format.ts";
import { type EditorLine, flatten, fromApprovalLines, isOrganType, keyOf, move, retype, toLineInputs } from "./model.ts";
import { lineErrorsOf, useLineChecks } from "./useLineChecks.ts";
import "./lines.css";

export interface LineEditorDialogProps {
  isOpen: boolean;
  title: string;
  /** The drafting department the lines are checked against; null until the drafter has one. */
  draftOrganId: number | null;
  initial: ApprovalLine[] | EditorLine[];
  allowedTypes?: readonly LineType[];
  /** The document for additions to an existing one (upper, share). */
  docId?: number;
  /** Offer the saved lines (load and save); default true. */
  presets?: boolean;
  onClose(): void;
  /** The lines as the calls take them (sortOrder per group), and as shown. A rejection keeps the dialog open. */
  onSubmit(lines: LineInput[], shown: EditorLine[]): void | Promise<void>;
}

export function LineEditorDialog(props: LineEditorDialogProps) {
  return (
    <Dialog title={props.title} isOpen={props.isOpen} onClose={props.onClose} width={1100}>
      {props.isOpen && <Editor {...props} />}
    </Dialog>
  );
}

const isApprovalLine = (l: ApprovalLine | EditorLine): l is ApprovalLine => "approver" in l;

function Editor({ title, draftOrganId, initial, allowedTypes = LINE_TYPES, docId, presets = true, onClose, onSubmit }: LineEditorDialogProps) {
  const { t } = useTranslation("approval");
  const [lines, setLines] = useState<EditorLine[]>(() =>
    initial.length && isApprovalLine(initial[0]) ? fromApprovalLines(initial as ApprovalLine[]) : flatten(initial as EditorLine[]));
  const [organ, setOrgan] = useState<OrganizationNode | null>(null);
  const [person, setPerson] = useState<Person | null>(null);
  const [word, setWord] = useState("");
  const [type, setType] = useState<LineType>(allowedTypes[0]);
  const [notice, setNotice] = useState("");
  const [busy, setBusy] = useState(false);
  // Additions still on their server check: applying waits for them (applied at once, the list handed over
  // lacked the person just added, and the draft's submit then said it had no approver).
  const [adding, setAdding] = useState(0);
  const checks = useLineChecks(draftOrganId, lines);
  const organType = (ORGAN_LINE_TYPES as readonly LineType[]).includes(type);

  async function add(candidate: EditorLine) {
    setNotice("");
    if (lines.some((l) => keyOf(l) === keyOf(candidate))) return setNotice(errorText("approval.line_add_duplicate"));
    if (draftOrganId) {
      // The candidate as it would be sent: last of its own group (the inputs follow the group order).
      const all = [...lines, candidate];
      const line = toLineInputs(all)[flatten(all).indexOf(candidate)];
      setAdding((n) => n + 1);
      try {
        const check = await validateOne({ draftOrganId, lines: toLineInputs(lines), line, docId });
        if (check.errors?.length) return setNotice(check.errors.map((c) => errorText(c)).join(" "));
      } catch (e) {
        // A refusal of the addition itself stops it; a failed call leaves the check to the list validation.
        if (e instanceof ApiError && e.status === 400) return setNotice(errorText(e.code));
      } finally {
        setAdding((n) => n - 1);
      }
    }
    setLines((prev) => flatten([...prev, candidate]));
    setNotice(t("lines.added", { name: candidate.name, type: t(`lines.type.${candidate.type}`) }));
  }

  const addPerson = (p: Person, as: LineType = type) =>
    !isOrganType(as) && add({ type: as, userId: p.id, organId: p.organId, name: p.name, detail: [p.organName, p.position].filter(Boolean).join(" · ") || null });
  const addOrgan = () => organ && add({ type, userId: null, organId: organ.id, name: organ.name, detail: null });

  async function submit() {
    setNotice("");
    setBusy(true);
    try {
      // The list as it is now, checked once more when the on-the-fly check has not caught up yet.
      const errors = checks.checking && draftOrganId && lines.length
        ? await validateLines(draftOrganId, toLineInputs(lines)).then((c) => c.map((x) => x.errors ?? []), (e) => lineErrorsOf(e) ?? [])
        : checks.errors;
      if (errors.some((e) => e.length)) return setNotice(t("lines.fixErrors"));
      await onSubmit(toLineInputs(lines), flatten(lines));
    } catch (e) {
      setNotice(errorText(codeOf(e)));
    } finally {
      setBusy(false);
    }
  }

  const canAdd = organType ? !!organ : !!person;
  return (
    <div className="al-editor">
      <div className="al-columns">
        <div className="al-pick">
          <SearchForm label={t("lines.search")} placeholder={t("lines.searchPlaceholder")} submit={t("lines.searchButton")}
            word={word} prefix="al" className="al-search" id="al-search"
            onSearch={(w) => { setWord(w.trim()); return undefined; }} />
          {word && <Button variant="ghost" onPress={() => setWord("")}>{t("lines.backToChart")}</Button>}
          <div className="al-pick-panes">
            {!word && <OrganTree selected={organ} onSelect={(o) => { setOrgan(o); setPerson(null); }} />}
            <MemberList organ={organ} word={word} selected={person} onSelect={setPerson} onAction={(p) => { setPerson(p); addPerson(p); }} />
          </div>
        </div>
        <div className="al-add" role="group" aria-label={t("lines.addGroup")}>
          <SelectField label={t("lines.typeToAdd")} options={allowedTypes.map((x) => ({ id: x, label: t(`lines.type.${x}`) }))}
            value={type} onChange={(v) => setType(v as LineType)} />
          <Button isDisabled={!canAdd} onPress={() => (organType ? addOrgan() : person && addPerson(person))}>
            {organType
              ? t("lines.addOrgan", { name: organ?.name ?? "" })
              : t("lines.addPerson", { name: person?.name ?? "" })}
          </Button>
          <p className="al-hint">{organType ? t("lines.hintOrgan") : t("lines.hintPerson")}</p>
        </div>
        <div className="al-right">
          <ChosenLines lines={lines} errors={checks.errors} allowed={allowedTypes}
            onMove={(l, by) => setLines((p) => move(p, l, by))}
            onRemove={(l) => setLines((p) => p.filter((x) => x !== l))}
            onRetype={(l, ty) => setLines((p) => retype(p, l, ty))} />
          {presets && draftOrganId && (
            <PresetBar draftOrganId={draftOrganId} lines={lines} onLoad={(p) => setLines(fromApprovalLines(p.approvalLines).filter(
              (l) => allowedTypes.includes(l.type),
            ))} />
          )}
        </div>
      </div>
      <p className="al-notice" role="status" aria-live="polite">{notice || (checks.failed ? t("lines.checkFailed") : "")}</p>
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("lines.cancel")}</Button>
        <Button onPress={submit} isDisabled={busy || adding > 0} aria-label={`${title}: ${t("lines.apply")}`}>{t("lines.apply")}</Button>
      </div>
    </div>
  );
}
