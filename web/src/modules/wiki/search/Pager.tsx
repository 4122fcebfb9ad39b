// Pages of a wiki list (search results, trash): blocks of ten numbers with previous and next. `page` is
// zero-based as the API has it; the buttons show 1-based numbers.
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";

const BLOCK = 10;

export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage(p: number): void }) {
  const { t } = useTranslation("wiki");
  if (totalPages <= 1) return null;
  const first = Math.floor(page / BLOCK) * BLOCK;
  const last = Math.min(totalPages - 1, first + BLOCK - 1);
  const pages = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return (
    <nav aria-label={t("search.pages")} className="wk-pager">
      <Button className="wk-page" aria-label={t("search.prev")} isDisabled={page <= 0} onPress={() => onPage(page - 1)}>‹</Button>
      {pages.map((p) => (
        <Button key={p} className="wk-page" aria-current={p === page ? "page" : undefined} aria-label={t("search.pageN", { n: p + 1 })}
          onPress={() => onPage(p)}>
          {p + 1}
        </Button>
      ))}
      <Button className="wk-page" aria-label={t("search.next")} isDisabled={page >= totalPages - 1} onPress={() => onPage(page + 1)}>›</Button>
    </nav>
  );
}
