// Pages of the list (blocks of CONTACT_BLOCK_SIZE numbers with previous and next) and the page size (the
// contact config: PUT api/config/contact/{size}/pageSize).
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import { CONTACT_BLOCK_SIZE, CONTACT_PAGE_SIZES } from "@shared/contacts/constants.ts";
import { SelectField } from "../../../ui/SelectField.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import * as contactApi from "../api.ts";
import { contactKeys } from "../queries.ts";
import { failed } from "../errors.ts";
import { ICONS } from "../icons.ts";

export function Pager({ page, totalPages, pageSize, onPage }: { page: number; totalPages: number; pageSize: number; onPage(p: number): void }) {
  const { t } = useTranslation("contacts");
  const qc = useQueryClient();
  const first = Math.floor((page - 1) / CONTACT_BLOCK_SIZE) * CONTACT_BLOCK_SIZE + 1;
  const last = Math.min(totalPages, first + CONTACT_BLOCK_SIZE - 1);
  const pages = totalPages > 0 ? Array.from({ length: last - first + 1 }, (_, i) => first + i) : [];
  async function size(v: string) {
    try {
      qc.setQueryData(contactKeys.config, await contactApi.putPageSize(Number(v)));
      onPage(1);
    } catch (e) {
      failed(e);
    }
  }
  return (
    <div className="ct-pager">
      <nav aria-label={t("list.pages")} className="ct-pages">
        <AriaButton className="ct-icon-btn ct-icon-sm" aria-label={t("list.prev")} isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
          <SvgIcon d={ICONS.chevronLeft} size={16} />
        </AriaButton>
        {pages.map((p) => (
          <AriaButton key={p} className="ct-page" aria-current={p === page ? "page" : undefined} aria-label={t("list.pageN", { n: p })}
            onPress={() => onPage(p)}>
            {p}
          </AriaButton>
        ))}
        <AriaButton className="ct-icon-btn ct-icon-sm" aria-label={t("list.next")} isDisabled={page >= totalPages} onPress={() => onPage(page + 1)}>
          <SvgIcon d={ICONS.chevronRight} size={16} />
        </AriaButton>
      </nav>
      <div className="ct-page-size">
        <SelectField label={t("list.pageSize")} hideLabel value={String(pageSize)} onChange={(v) => void size(v)}
          options={CONTACT_PAGE_SIZES.map((n) => ({ id: String(n), label: t("list.perPage", { n }) }))} />
      </div>
    </div>
  );
}
