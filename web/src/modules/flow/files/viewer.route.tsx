// /flow/projects/{projectId}/tasks/{taskId}/file/{fileId}/view: a task's attachment (002 §2 "Attachment viewer").
import { createLazyRoute, useParams } from "@tanstack/react-router";
import { FileViewer } from "./FileViewer.tsx";

export const Route = createLazyRoute("/app/flow/projects/$projectId/tasks/$taskId/file/$fileId/view")({ component: ViewerScreen });

const id = (raw: string | undefined) => (raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

function ViewerScreen() {
  const p = useParams({ strict: false }) as { projectId?: string; taskId?: string; fileId?: string };
  return <FileViewer projectId={id(p.projectId)} taskId={id(p.taskId)} fileId={id(p.fileId)} />;
}
