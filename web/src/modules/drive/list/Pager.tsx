// Pages of the list: blocks of DRIVE_PAGE_BLOCK numbers with previous and next (001 §9).
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import { DRIVE_PAGE_BLOCK } from "@shared/drive/constants.ts";
import { SvgIcon } from "../../../ui/icons.tsx";
import { ICONS } from "../icons.tsx";

export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage(p: number): void }) {
  const { t } = useTranslation("drive");
  if (totalPages <= 1) return null;
  const first = Math.floor((page - 1) / DRIVE_PAGE_BLOCK) * DRIVE_PAGE_BLOCK + 1;
  const last = Math.min(totalPages, first + DRIVE_PAGE_BLOCK - 1);
  const pages = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return (
    <nav aria-label={t("list.pages")} className="dr-pager">
      <AriaButton className="dr-icon-btn dr-icon-sm" aria-label={t("list.prev")} isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
        <SvgIcon d={ICONS.chevronLeft} size={16} />
      </AriaButton>
      {pages.map((p) => (
        <AriaButton key={p} className="dr-page" aria-current={p === page ? "page" : undefined} aria-label={t("list.pageN", { n: p })} onPress={() => onPage(p)}>
          {p}
        </AriaButton>
      ))}
      <AriaButton className="dr-icon-btn dr-icon-sm" aria-label={t("list.next")} isDisabled={page >= totalPages} onPress={() => onPage(page + 1)}>
        <SvgIcon d={ICONS.chevronRight} size={16} />
      </AriaButton>
    </nav>
  );
}
