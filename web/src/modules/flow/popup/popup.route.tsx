// /flow/popup/{projectId}/tasks/{actionObj} (002 §2 popup mode): a task opened in its own window, without the
// shell — the task panel (its fields and detail parts) over the window; 닫기 closes the window. Every change
// stored here is announced to the opener (mirror.ts); realtime keeps this window fresh too. It sets
// react-aria's locale itself (the shell is not there to).
import { createLazyRoute, useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { AriaLocale } from "../../../app/AriaLocale.tsx";
import { parseAction } from "../paths.ts";
import { useFlowRealtime } from "../realtime.ts";
import { TaskPanel } from "../task-panel/TaskPanel.tsx";
import { useAnnounceFlowChanges } from "./mirror.ts";
import "../flow.css";

export const Route = createLazyRoute("/popup/flow/popup/$projectId/tasks/$actionObj")({ component: FlowPopup });

function FlowPopup() {
  const { t } = useTranslation("flow");
  const raw = useParams({ strict: false }) as { projectId?: string; actionObj?: string };
  const projectId = raw.projectId && /^\d{1,15}$/.test(raw.projectId) ? Number(raw.projectId) : null;
  const action = parseAction(raw.actionObj);
  useAnnounceFlowChanges();
  useFlowRealtime();
  return (
    <AriaLocale>
      <main className="fl-popup">
        {projectId && action.taskId
          ? <TaskPanel key={action.taskId} projectId={projectId} taskId={action.taskId} onClose={() => globalThis.close()} />
          : <p className="fl-error fl-pad" role="alert">{t("popup.badAddress")}</p>}
      </main>
    </AriaLocale>
  );
}
