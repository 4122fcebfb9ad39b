// The approval home (002 §2 approval_home, §9): the four counts as cards leading to their boxes (결재 대기 and
// 접수 대기 count the kept departments' items too: when the user's own box is empty and a department box holds
// some, the card leads to that department box instead of an empty list), the documents
// waiting for the user's approval (5), the user's recent drafts (6) and the forms they used lately (6, each
// opening a new draft of it). A failed load says 결재 현황 조회에 실패했습니다.
import { createLazyRoute, Link } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { DashboardCounts } from "@shared/approval/config.ts";
import type { BoxKey } from "@shared/approval/constants.ts";
import type { DocumentSummary } from "@shared/approval/documents.ts";
import { errorText } from "../../../lib/i18n.ts";
import { usePageTitle } from "../../../app/title.ts";
import { countsQuery, listsQuery } from "../queries.ts";
import { approvalPaths } from "../paths.ts";
import { DRAFT_BOX_OF, formatDay } from "../format.ts";
import { boxCount } from "../side/boxes.ts";

export const Route = createLazyRoute("/app/approval/home")({ component: ApprovalHome });

/** Where a card leads: its box, or for ab/rb with nothing of the user's own the first department box with items. */
function cardLink(counts: DashboardCounts | undefined, box: BoxKey) {
  const organKey = box === "ab" ? "helpCount" : box === "rb" ? "receiveCount" : null;
  if (counts && organKey && boxCount(counts, box) === 0) {
    const organ = counts.organs.find((o) => o[organKey] > 0);
    if (organ) return approvalPaths.box(box === "ab" ? "oh" : "or", { dept: organ.organId });
  }
  return approvalPaths.box(box);
}

const CARDS: [Exclude<keyof DashboardCounts, "organs">, BoxKey][] = [
  ["beforeApproveCount", "ab"],
  ["beforeReceiveCount", "rb"],
  ["draftedCount", "dd"],
  ["rejectedCount", "dr"],
];

function ApprovalHome() {
  const { t } = useTranslation("approval");
  usePageTitle(t("home.title"));
  const counts = useQuery(countsQuery);
  const lists = useQuery(listsQuery);
  const failed = counts.isError || lists.isError;
  return (
    <div className="ap-screen ap-home">
      <h1 className="ap-title">{t("home.title")}</h1>
      {failed && <p className="ap-error" role="alert">{errorText("approval.status_failed")}</p>}
      <ul className="ap-cards" role="list" aria-label={t("home.counts")}>
        {CARDS.map(([k, box]) => (
          <li key={k}>
            <Link {...cardLink(counts.data, box)} className="ap-card">
              <span className="ap-card-label">{t(`home.count.${k}`)}</span>
              <span className="ap-card-value">{counts.data ? counts.data[k] : "–"}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="ap-home-grid">
        <DocList title={t("home.toApprove")} docs={lists.data?.toApprove} box={() => "ab"} empty={t("home.noneToApprove")}
          more={approvalPaths.box("ab")} loading={lists.isPending} />
        <DocList title={t("home.recentDrafts")} docs={lists.data?.recentDrafts} box={(d) => DRAFT_BOX_OF[d.status]} empty={t("home.noDrafts")}
          more={approvalPaths.box("dd")} loading={lists.isPending} />
        <section className="ap-panel" aria-labelledby="ap-home-forms">
          <h2 id="ap-home-forms" className="ap-panel-title">{t("home.recentForms")}</h2>
          {lists.data && lists.data.recentForms.length === 0 && <p className="ap-muted">{t("home.noForms")}</p>}
          <ul className="ap-forms" role="list">
            {lists.data?.recentForms.map((f) => (
              <li key={f.id}>
                <Link to={"/approval/draft/$formId" as "/approval/home"} params={{ formId: String(f.id) } as never} className="ap-form-link">
                  <span className="ap-form-name">{f.name}</span>
                  <span className="ap-muted">{f.boxName}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

function DocList({ title, docs, box, empty, more, loading }: {
  title: string;
  docs: DocumentSummary[] | undefined;
  box: (d: DocumentSummary) => BoxKey;
  empty: string;
  more: ReturnType<typeof approvalPaths.box>;
  loading: boolean;
}) {
  const { t } = useTranslation("approval");
  const id = `ap-home-${more.params.boxKey}`;
  return (
    <section className="ap-panel" aria-labelledby={id}>
      <header className="ap-panel-head">
        <h2 id={id} className="ap-panel-title">{title}</h2>
        <Link {...more} className="ap-more" aria-label={t("home.moreOf", { name: title })}>{t("home.more")}</Link>
      </header>
      {!loading && docs?.length === 0 && <p className="ap-muted">{empty}</p>}
      <ul className="ap-doc-list" role="list">
        {docs?.map((d) => (
          <li key={d.id}>
            <Link {...approvalPaths.document(box(d), d.id)} className="ap-doc-link">
              <span className="ap-item-title">{d.title}</span>
              <span className="ap-doc-meta">
                <span>{d.formName}</span>
                <span>{d.drafter.name}</span>
                <span>{formatDay(d.draftedAt ?? d.updatedAt)}</span>
                <span className={`ap-status ap-status-${d.status}`}>{t(`status.${d.status}`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
