// Previous / next through a 1-based paged list, with "page n of m".
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button.tsx";

export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage(p: number): void }) {
  const { t } = useTranslation("leave");
  if (pages <= 1) return null;
  return (
    <nav className="lv-pager" aria-label={t("pager.label")}>
      <Button variant="secondary" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>{t("pager.prev")}</Button>
      <span aria-current="page">{t("pager.page", { page, pages })}</span>
      <Button variant="secondary" isDisabled={page >= pages} onPress={() => onPage(page + 1)}>{t("pager.next")}</Button>
    </nav>
  );
}
