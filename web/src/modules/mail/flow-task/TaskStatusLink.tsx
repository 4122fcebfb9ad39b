// A mail made into a task shows that task's status (000 §3 flowMail, taskId, taskStatus): in the reader a
// line with the status and a link opening the task (its project found among the user's mail-task links), in
// a list row a small badge. Nothing where the company does not use flow or the mail has no task.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { taskPath } from "@shared/flow/constants.ts";
import { mailTaskLinksQuery, useFlowUsed } from "./api.ts";
import "./flow-task.css";

interface Linked {
  mailId: number;
  flowMail: 0 | 1;
  taskId: number | null;
  taskStatus: string | null;
}

const STATUSES = ["REQUESTED", "IN_PROGRESS", "FEEDBACK", "COMPLETED", "ON_HOLD"];
const statusKey = (s: string | null) => `flowTask.status.${s && STATUSES.includes(s) ? s : "REQUESTED"}`;

/** The reader's line: 업무 상태 and a link to the task. */
export function ReaderTaskStatus({ mail }: { mail: Linked }) {
  const { t } = useTranslation("mail");
  const used = useFlowUsed();
  const linked = used && mail.flowMail === 1 && mail.taskId !== null;
  const links = useQuery({ ...mailTaskLinksQuery, enabled: linked });
  if (!linked) return null;
  const link = links.data?.content.find((l) => l.taskId === mail.taskId);
  return (
    <p className="mft-status-line">
      <span className={`mft-badge mft-${mail.taskStatus ?? "REQUESTED"}`}>{t("flowTask.badge", { status: t(statusKey(mail.taskStatus)) })}</span>
      {link && (
        <Link to={taskPath(link.projectId, link.taskId) as "/flow"} className="mft-link">
          {t("flowTask.openTask", { title: link.taskTitle })}
        </Link>
      )}
    </p>
  );
}

/** A list row's badge. */
export function RowTaskBadge({ mail }: { mail: Linked }) {
  const { t } = useTranslation("mail");
  const used = useFlowUsed();
  if (!used || mail.flowMail !== 1 || mail.taskId === null) return null;
  return <span className={`mail-badge mft-badge mft-${mail.taskStatus ?? "REQUESTED"}`}>{t("flowTask.badge", { status: t(statusKey(mail.taskStatus)) })}</span>;
}
