// Pages of a list: blocks of ten numbers with previous and next (1-based, as the address has them).
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";

const BLOCK = 10;

export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage(p: number): void }) {
  const { t } = useTranslation("board");
  if (totalPages <= 1) return null;
  const first = Math.floor((page - 1) / BLOCK) * BLOCK + 1;
  const last = Math.min(totalPages, first + BLOCK - 1);
  const pages = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return (
    <nav aria-label={t("list.pages")} className="bd-pager">
      <Button className="bd-page" aria-label={t("list.prev")} isDisabled={page <= 1} onPress={() => onPage(page - 1)}>‹</Button>
      {pages.map((p) => (
        <Button key={p} className="bd-page" aria-current={p === page ? "page" : undefined} aria-label={t("list.pageN", { n: p })}
          onPress={() => onPage(p)}>
          {p}
        </Button>
      ))}
      <Button className="bd-page" aria-label={t("list.next")} isDisabled={page >= totalPages} onPress={() => onPage(page + 1)}>›</Button>
    </nav>
  );
}
