// A box's documents as a table (번호, 제목, 양식, 기안자, 기안부서, 기안일, 완료일/상태, 현재 결재자): the column
// headers sort (aria-sort says how), rows are focusable and Enter or a click opens the document; in the cc and
// shared-reading boxes a document not yet opened is marked unread. On phones the secondary columns give way.
import { Link, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import type { BOX_SORTS } from "@shared/approval/constants.ts";
import type { DocumentSummary } from "@shared/approval/documents.ts";
import { approvalPaths, type BoxSearch } from "../paths.ts";
import { formatDay } from "../format.ts";

type Sort = (typeof BOX_SORTS)[number];

interface Column {
  key: string;
  sort?: Sort;
  /** Hidden on phones. */
  optional?: boolean;
  cell(d: DocumentSummary): React.ReactNode;
}

export function BoxTable({ boxKey, docs, loading, search, onSort }: {
  boxKey: string;
  docs: DocumentSummary[];
  loading: boolean;
  search: BoxSearch;
  onSort(sort: Sort, dir: "asc" | "desc"): void;
}) {
  const { t } = useTranslation("approval");
  const navigate = useNavigate();
  const unreadBox = boxKey === "cc" || boxKey === "sh";
  const open = (d: DocumentSummary) => void navigate(approvalPaths.document(boxKey, d.id));
  const columns: Column[] = [
    { key: "docNum", sort: "docNum", optional: true, cell: (d) => d.docNum ?? "" },
    {
      key: "title",
      sort: "title",
      cell: (d) => (
        <Link {...approvalPaths.document(boxKey, d.id)} className="ap-row-title" tabIndex={-1}>
          {unreadBox && d.unread && <span className="ap-unread-dot" aria-hidden="true" />}
          <span>{d.title}</span>
          {unreadBox && d.unread && <span className="visually-hidden">{t("list.unread")}</span>}
          {d.hasFiles && <span className="ap-clip" title={t("list.hasFiles")} aria-label={t("list.hasFiles")} role="img">📎</span>}
        </Link>
      ),
    },
    { key: "formName", sort: "formName", optional: true, cell: (d) => d.formName },
    { key: "drafter", sort: "drafterName", cell: (d) => d.drafter.name },
    { key: "draftOrgan", optional: true, cell: (d) => d.draftOrgan.name },
    { key: "draftedAt", sort: "draftedAt", cell: (d) => formatDay(d.draftedAt ?? d.updatedAt) },
    {
      key: "completedAt",
      sort: "completedAt",
      cell: (d) => d.completedAt ? formatDay(d.completedAt) : <span className={`ap-status ap-status-${d.status}`}>{t(`status.${d.status}`)}</span>,
    },
    { key: "currentApprover", optional: true, cell: (d) => d.currentApprover ?? "" },
  ];

  const header = (c: Column) => {
    const label = t(`list.col.${c.key}`);
    if (!c.sort) return <th key={c.key} scope="col" className={c.optional ? "ap-col-opt" : undefined}>{label}</th>;
    const active = search.sort === c.sort;
    const dir = active ? search.dir ?? "desc" : undefined;
    return (
      <th key={c.key} scope="col" className={c.optional ? "ap-col-opt" : undefined}
        aria-sort={dir === "asc" ? "ascending" : dir === "desc" ? "descending" : "none"}>
        <AriaButton className="ap-sort" onPress={() => onSort(c.sort!, active && dir === "desc" ? "asc" : "desc")}>
          {label}
          <span aria-hidden="true" className="ap-sort-mark">{dir === "asc" ? "▲" : dir === "desc" ? "▼" : ""}</span>
        </AriaButton>
      </th>
    );
  };

  return (
    <div className="ap-table-wrap">
      <table className="ap-table">
        <caption className="visually-hidden">{t(`box.${boxKey}`)}</caption>
        <thead>
          <tr>{columns.map(header)}</tr>
        </thead>
        <tbody>
          {docs.map((d) => (
            <tr key={d.id} className={`ap-row${unreadBox && d.unread ? " ap-unread" : ""}`} tabIndex={0}
              onClick={(e) => {
                if (!(e.target as HTMLElement).closest("a")) open(d);
              }}
              onKeyDown={(e) => {
                if (e.key === "Enter" && e.target === e.currentTarget) open(d);
              }}>
              {columns.map((c) => <td key={c.key} className={`ap-cell-${c.key}${c.optional ? " ap-col-opt" : ""}`}>{c.cell(d)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
      {!loading && docs.length === 0 && <p className="ap-empty">{t("list.empty")}</p>}
    </div>
  );
}
