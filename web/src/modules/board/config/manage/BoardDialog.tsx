// Making or editing a group or a board (001 §5): name and description (required), where it sits (a group only
// at the top; a board under a group or a board, BOARD_DEPTH_MAX levels at most), who sees it — everyone
// (읽기 or 읽기·쓰기) or the members listed (users and organisations with their privilege) — and its managers.
// A board with sub-boards keeps its visibility: the choice is disabled with the reason (409 board.visibility_locked
// from the server says the same). Outcomes: board.3 / board.2 (board.165 on the free plan's limit) when made,
// board.5 / board.4 when edited; the failure shows in the dialog, field errors at their fields.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldError, Form, Label, Radio, RadioGroup, Text, TextArea, TextField as AriaTextField } from "react-aria-components";
import type { BoardDetail, BoardUserRef } from "@shared/board/boards.ts";
import {
  BOARD_DESCRIPTION_MAX, BOARD_NAME_MAX, type BoardType, PRIVILEGES, type Privilege, VISIBILITIES, type Visibility,
} from "@shared/board/constants.ts";
import { ApiError } from "../../../../lib/api.ts";
import { Button } from "../../../../ui/Button.tsx";
import { Dialog } from "../../../../ui/Dialog.tsx";
import { SelectField } from "../../../../ui/SelectField.tsx";
import { TextField } from "../../../../ui/TextField.tsx";
import { addBoard, moveBoard, renameBoard, updateBoard } from "../../api.ts";
import { boardErrorText, succeeded } from "../../errors.ts";
import { detailQuery, refreshBoards } from "../../queries.ts";
import { ManagersField } from "./ManagersField.tsx";
import { type DraftMember, draftMembersOf, MembersField, membersInput } from "./MembersField.tsx";
import { lastChildOf, type ManagedRow, parentChoices } from "./tree.ts";
import type { BoardNode } from "@shared/board/boards.ts";

export type DialogTarget = { kind: "create"; boardType: BoardType } | { kind: "edit"; row: ManagedRow };

const TOP = "top";

export function BoardDialog({ target, rows, top, onClose }: { target: DialogTarget; rows: ManagedRow[]; top: BoardNode[]; onClose(): void }) {
  const { t } = useTranslation("board");
  const editId = target.kind === "edit" ? target.row.node.id : 0;
  const detail = useQuery({ ...detailQuery(editId), enabled: target.kind === "edit", staleTime: 0 });
  const type = target.kind === "edit" ? target.row.node.boardType as BoardType : target.boardType;
  const title = target.kind === "edit" ? t(`config.form.editTitle.${type}`) : t(`config.form.createTitle.${type}`);
  return (
    <Dialog title={title} isOpen onClose={onClose} width={640}>
      {target.kind === "edit" && detail.isPending && <p className="bd-muted">{t("config.loading")}</p>}
      {target.kind === "edit" && detail.isError && <p className="bd-error" role="alert">{boardErrorText(detail.error, "8")}</p>}
      {(target.kind === "create" || detail.data) && (
        <BoardForm type={type} detail={detail.data} row={target.kind === "edit" ? target.row : undefined} rows={rows} top={top} onClose={onClose} />
      )}
    </Dialog>
  );
}

function BoardForm({ type: initialType, detail, row, rows, top, onClose }: {
  type: BoardType;
  detail?: BoardDetail;
  row?: ManagedRow;
  rows: ManagedRow[];
  top: BoardNode[];
  onClose(): void;
}) {
  const { t } = useTranslation("board");
  const qc = useQueryClient();
  const editing = !!detail;
  const [type, setType] = useState<BoardType>(initialType);
  const [name, setName] = useState(detail?.name ?? "");
  const [description, setDescription] = useState(detail?.description ?? "");
  const initialParent = detail?.groupId ? String(detail.groupId) : TOP;
  const [parent, setParent] = useState(initialParent);
  const [visibility, setVisibility] = useState<Visibility>(detail?.visibility ?? "PUBLIC");
  const [publicPrivilege, setPublicPrivilege] = useState<Privilege>(detail?.publicPrivilege ?? "WRITE");
  const [members, setMembers] = useState<DraftMember[]>(detail ? draftMembersOf(detail) : []);
  const [managers, setManagers] = useState<BoardUserRef[]>(detail?.managers ?? []);
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const locked = editing && (detail?.childCount ?? 0) > 0;
  const choices = parentChoices(rows, row);
  // A parent outside the user's managed nodes stays offered as it is (it cannot be chosen again once left).
  const parentOptions = [
    { id: TOP, label: t("config.form.top") },
    ...choices.filter((r) => r.node.id !== detail?.id).map((r) => ({ id: String(r.node.id), label: r.node.name, depth: r.indent + 1 })),
    ...(initialParent !== TOP && !choices.some((r) => String(r.node.id) === initialParent)
      ? [{ id: initialParent, label: top.length ? nameOf(top, Number(initialParent)) ?? initialParent : initialParent, depth: 1 }]
      : []),
  ];

  const errors = {
    name: server.name ?? (tried && !name.trim() ? t("config.form.nameRequired") : undefined),
    description: server.description ?? (tried && !description.trim() ? t("config.form.descriptionRequired") : undefined),
    managers: tried && editing && managers.length === 0 ? t("config.form.managersRequired") : undefined,
  };

  async function submit() {
    setTried(true);
    setServer({});
    setError(undefined);
    if (!name.trim() || !description.trim() || (editing && managers.length === 0)) return;
    const parentId = type === "GROUP" || parent === TOP ? null : Number(parent);
    const memberBody = membersInput(visibility === "PRIVATE" ? members : []);
    setBusy(true);
    try {
      if (!detail) {
        await addBoard({
          name: name.trim(), description: description.trim(), boardType: type, parentId, visibility, publicPrivilege,
          members: memberBody, managerIds: managers.map((m) => m.id),
        });
        succeeded("3");
      } else {
        if (name.trim() !== detail.name) await renameBoard(detail.id, name.trim());
        await updateBoard(detail.id, {
          description: description.trim(), ...(locked ? {} : { visibility }), publicPrivilege, members: memberBody, managerIds: managers.map((m) => m.id),
        });
        if (parent !== initialParent) await moveBoard(detail.id, parentId, lastChildOf(top, parentId));
        succeeded("5");
      }
      onClose();
    } catch (e) {
      const fields = e instanceof ApiError ? e.fieldErrors : [];
      if (fields.length) {
        setServer(Object.fromEntries(fields.map((f) => [f.field.split(".")[0], f.field === "name" ? t("config.form.nameRequired") : f.field === "description" ? t("config.form.descriptionRequired") : boardErrorText(e)])));
      }
      setError(boardErrorText(e, editing ? "4" : "2"));
    } finally {
      setBusy(false);
      void refreshBoards(qc);
    }
  }

  return (
    <Form className="bdc-form" validationBehavior="aria" onSubmit={(ev) => {
      ev.preventDefault();
      void submit();
    }}>
      {!editing && (
        <RadioGroup className="bdc-radios" value={type} onChange={(v) => setType(v as BoardType)} orientation="horizontal">
          <Label className="field-label">{t("config.form.type")}</Label>
          <div className="bdc-radio-row">
            {(["BOARD", "GROUP"] as const).map((k) => <Radio key={k} value={k} className="bdc-radio">{t(`config.boardType.${k}`)}</Radio>)}
          </div>
        </RadioGroup>
      )}
      <TextField label={t("config.form.name")} value={name} onChange={setName} maxLength={BOARD_NAME_MAX} errorMessage={errors.name} autoFocus />
      <AriaTextField value={description} onChange={setDescription} maxLength={BOARD_DESCRIPTION_MAX} isInvalid={!!errors.description} className="field">
        <Label className="field-label">{t("config.form.description")}</Label>
        <TextArea className="field-input bdc-textarea" rows={2} />
        <FieldError className="field-error">{errors.description}</FieldError>
      </AriaTextField>
      {type === "BOARD" && (
        <SelectField label={t("config.form.parent")} value={parent} onChange={setParent} options={parentOptions}
          description={t("config.form.parentHint")} />
      )}
      <RadioGroup className="bdc-radios" value={visibility} onChange={(v) => setVisibility(v as Visibility)} isDisabled={locked}>
        <Label className="field-label">{t("config.form.visibility")}</Label>
        <div className="bdc-radio-row">
          {VISIBILITIES.map((k) => <Radio key={k} value={k} className="bdc-radio">{t(`config.visibility.${k}`)}</Radio>)}
        </div>
        {locked && <Text slot="description" className="field-description">{t("config.form.visibilityLocked")}</Text>}
      </RadioGroup>
      {visibility === "PUBLIC"
        ? (
          <RadioGroup className="bdc-radios" value={publicPrivilege} onChange={(v) => setPublicPrivilege(v as Privilege)}>
            <Label className="field-label">{t("config.form.publicPrivilege")}</Label>
            <div className="bdc-radio-row">
              {PRIVILEGES.map((k) => <Radio key={k} value={k} className="bdc-radio">{t(`config.publicPrivilege.${k}`)}</Radio>)}
            </div>
          </RadioGroup>
        )
        : <MembersField members={members} onChange={setMembers} />}
      <ManagersField managers={managers} onChange={setManagers} creating={!editing} />
      {errors.managers && <p className="field-error" role="alert">{errors.managers}</p>}
      {error && <p className="bd-error" role="alert">{error}</p>}
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("config.cancel")}</Button>
        <Button type="submit" isDisabled={busy}>{editing ? t("config.save") : t("config.create")}</Button>
      </div>
    </Form>
  );
}

function nameOf(nodes: BoardNode[], id: number): string | undefined {
  for (const n of nodes) {
    if (n.id === id) return n.name;
    const f = nameOf(n.children, id);
    if (f) return f;
  }
}
