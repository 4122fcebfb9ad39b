// The stamp boxes of the approval group (결재 and 협조 rows): for each line its position, name, date and state —
// 승인, 전결 (a line that finished the group, and the lines it passed over), 대결 (the deputy's name) with the
// 후열 mark once the absent approver saw it, 반려, and whose turn it is. The drafter's 기안 box opens the 결재 row.
import { useTranslation } from "react-i18next";
import type { Document } from "@shared/approval/documents.ts";
import type { ApprovalLine } from "@shared/approval/lines.ts";
import { formatDay } from "../format.ts";

/** The mark of a line's state in its stamp box (approval:stamp.*), or null while it has not acted. */
export function stampMark(l: ApprovalLine): string | null {
  switch (l.status) {
    case "APPROVED":
      return "approved";
    case "PRE_APPROVED":
    case "SKIPPED":
      return "preApproved";
    case "PROXY_APPROVED":
      return "proxy";
    case "REJECTED":
      return "rejected";
    case "PENDING_APPROVAL":
      return "pending";
    default:
      return null;
  }
}

const nameOf = (l: ApprovalLine) => l.approver.isOrgan ? l.approver.organName ?? "" : l.approver.userName ?? "";

function Stamp({ l }: { l: ApprovalLine }) {
  const { t } = useTranslation("approval");
  const mark = stampMark(l);
  return (
    <td className={`ap-stamp ap-stamp-${l.status}`}>
      <div className="ap-stamp-head">{l.approver.isOrgan ? t("stamp.organ") : l.approver.position ?? t(`lineType.${l.type}`)}</div>
      <div className="ap-stamp-sign">
        <span className="ap-stamp-name">{nameOf(l)}</span>
        {mark && mark !== "pending" && <span className={`ap-stamp-mark ap-mark-${mark}`}>{t(`stamp.${mark}`)}</span>}
        {mark === "pending" && <span className="ap-stamp-turn">{t("stamp.pending")}</span>}
        {l.status === "PROXY_APPROVED" && l.actedBy && <span className="ap-stamp-proxy">{t("stamp.proxyBy", { name: l.actedBy.userName })}</span>}
        {l.status === "PROXY_APPROVED" && l.postViewedAt && <span className="ap-stamp-post" title={formatDay(l.postViewedAt)}>{t("stamp.postViewed")}</span>}
      </div>
      <div className="ap-stamp-date">{l.status === "SKIPPED" ? "" : formatDay(l.actedAt)}</div>
    </td>
  );
}

export function Stamps({ doc }: { doc: Document }) {
  const { t } = useTranslation("approval");
  const group = doc.lines.filter((l) => l.group === "APPROVAL").sort((a, b) => a.sortOrder - b.sortOrder);
  const approvals = group.filter((l) => l.type === "APPROVAL");
  const helps = group.filter((l) => l.type !== "APPROVAL");
  return (
    <div className="ap-stamps">
      <table className="ap-stamp-row" aria-label={t("stamp.approvalRow")}>
        <tbody>
          <tr>
            <th scope="row" className="ap-stamp-label">{t("stamp.approvalRow")}</th>
            <td className="ap-stamp ap-stamp-drafter">
              <div className="ap-stamp-head">{doc.drafter.position ?? t("stamp.drafter")}</div>
              <div className="ap-stamp-sign">
                <span className="ap-stamp-name">{doc.drafter.name}</span>
                {doc.draftedAt && <span className="ap-stamp-mark ap-mark-drafted">{t("stamp.drafted")}</span>}
              </div>
              <div className="ap-stamp-date">{formatDay(doc.draftedAt)}</div>
            </td>
            {approvals.map((l) => <Stamp key={l.id} l={l} />)}
          </tr>
        </tbody>
      </table>
      {helps.length > 0 && (
        <table className="ap-stamp-row" aria-label={t("stamp.helpRow")}>
          <tbody>
            <tr>
              <th scope="row" className="ap-stamp-label">{t("stamp.helpRow")}</th>
              {helps.map((l) => <Stamp key={l.id} l={l} />)}
            </tr>
          </tbody>
        </table>
      )}
    </div>
  );
}
