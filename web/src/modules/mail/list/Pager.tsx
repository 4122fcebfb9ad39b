// Paging of the list: first, previous, up to ten page numbers around the current one, next, last. Each is
// a link to the list route of that page (mailPaths.list), so pages are addresses the browser can go back to.
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { type FolderRef, type ListAction, mailPaths } from "../route-params.ts";

const WINDOW = 10;

export function Pager({ folderId, page, totalPages, action }: { folderId: FolderRef; page: number; totalPages: number; action: ListAction }) {
  const { t } = useTranslation("mail");
  if (totalPages <= 1) return null;
  const start = Math.floor((page - 1) / WINDOW) * WINDOW + 1;
  const numbers = Array.from({ length: Math.min(WINDOW, totalPages - start + 1) }, (_, i) => start + i);
  const to = (n: number, label: string, text: string, disabled: boolean) =>
    disabled
      ? <span className="mail-page mail-page-disabled" aria-disabled="true" aria-label={label}>{text}</span>
      : <Link {...mailPaths.list(folderId, n, action)} className="mail-page" aria-label={label}>{text}</Link>;
  return (
    <nav className="mail-pager" aria-label={t("list.pager.label")}>
      {to(1, t("list.pager.first"), "«", page <= 1)}
      {to(page - 1, t("list.pager.prev"), "‹", page <= 1)}
      {numbers.map((n) =>
        n === page
          ? <span key={n} className="mail-page mail-page-current" aria-current="page" aria-label={t("list.pager.page", { page: n })}>{n}</span>
          : <Link key={n} {...mailPaths.list(folderId, n, action)} className="mail-page" aria-label={t("list.pager.page", { page: n })}>{n}</Link>
      )}
      {to(page + 1, t("list.pager.next"), "›", page >= totalPages)}
      {to(totalPages, t("list.pager.last"), "»", page >= totalPages)}
    </nav>
  );
}
