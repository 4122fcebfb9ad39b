// The LIST view (002 §2 "Views"): a project's task groups as sections, or, for all, one section a project
// (GroupSection); with the right to edit, 업무 그룹 추가 after the last group. The first FIRST_ROWS rows are drawn
// with the screen, the rest in a transition right after it (React draws them in slices between which the page
// takes input): 150 rows at once were ≈ 420 ms of the main thread before the list could be used.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { startTransition, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { GROUP_TITLE_MAX } from "@shared/flow/constants.ts";
import type { FlowTask, TaskBoard } from "@shared/flow/tasks.ts";
import { Button } from "../../../../ui/Button.tsx";
import { SvgIcon } from "../../../../ui/icons.tsx";
import { createGroup, type TaskParams } from "../../api.ts";
import { failed, succeeded } from "../../errors.ts";
import { FLOW_ICONS } from "../../icons.ts";
import { flowKeys, groupsQuery } from "../../queries.ts";
import { TextPromptDialog } from "../dialogs/TextPromptDialog.tsx";
import { refreshTasks } from "../mutations.ts";
import { useEditableIn } from "../editable.ts";
import { GroupSection } from "./GroupSection.tsx";

/** Rows drawn with the screen: more than a 1080-pixel-tall window shows (rows are ≈ 41 px: about 20). */
const FIRST_ROWS = 28;

export function ListView({ board, boardProjectId, params, canEdit, selected, setSelected, onOpen }: {
  board: TaskBoard;
  boardProjectId: number | "all";
  params: TaskParams;
  canEdit: boolean;
  selected: Set<number>;
  setSelected(next: Set<number>): void;
  onOpen(task: FlowTask): void;
}) {
  const { t } = useTranslation("flow");
  const qc = useQueryClient();
  const [adding, setAdding] = useState(false);
  const projectId = boardProjectId === "all" ? null : boardProjectId;
  const groups = useQuery({ ...groupsQuery(projectId ?? 0), enabled: projectId !== null });
  const editableIn = useEditableIn(boardProjectId, canEdit);
  const [allRows, setAllRows] = useState(false);
  useEffect(() => startTransition(() => setAllRows(true)), []);
  // The rows each lane may draw before allRows: what is left of FIRST_ROWS after the lanes above it.
  const before = board.lanes.map((_, i) => board.lanes.slice(0, i).reduce((n, l) => n + l.tasks.length, 0));

  return (
    <div className="fl-list">
      {board.lanes.length === 0 && <p className="fl-muted fl-pad">{t("tasks.empty")}</p>}
      {board.lanes.map((lane, i) => (
        <GroupSection key={lane.key} lane={lane} rowLimit={allRows ? undefined : Math.max(0, FIRST_ROWS - before[i])} boardProjectId={boardProjectId} params={params} groups={groups.data ?? []}
          canEdit={editableIn(lane.projectId ?? projectId)} selected={selected} setSelected={setSelected} onOpen={onOpen} />
      ))}
      {projectId !== null && canEdit && (
        <Button variant="secondary" className="fl-btn-icon fl-add-group" onPress={() => setAdding(true)}>
          <SvgIcon d={FLOW_ICONS.plus} size={16} />
          {t("groups.add")}
        </Button>
      )}
      {adding && projectId !== null && (
        <TextPromptDialog title={t("groups.add")} label={t("groups.title")} initial="" maxLength={GROUP_TITLE_MAX} submit={t("groups.create")}
          onClose={() => setAdding(false)}
          onSubmit={async (title) => {
            try {
              await createGroup(projectId, title);
              succeeded("groups.created");
              setAdding(false);
            } catch (e) {
              failed(e, "groups.createFailed");
            } finally {
              refreshTasks(qc, projectId);
              void qc.invalidateQueries({ queryKey: flowKeys.groups(projectId) });
            }
          }} />
      )}
    </div>
  );
}
