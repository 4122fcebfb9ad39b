// The list's toolbar: the group's name and count, the search (2 characters or more, 001 §5: name, e-mail,
// phone, company or department; a word of initial consonants only, "ㄱㅁ", finds names by their initials),
// the print view and the columns menu (hideColumns of the contact config).
import { useNavigate } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { DEFAULT_CONTACT_CONFIG } from "@shared/contacts/config.ts";
import { HIDEABLE_COLUMNS, SEARCH_MIN_CHARS } from "@shared/contacts/constants.ts";
import { SvgIcon } from "../../../ui/icons.tsx";
import { SearchForm } from "../../../ui/SearchForm.tsx";
import * as contactApi from "../api.ts";
import { configQuery, contactKeys } from "../queries.ts";
import { contactPaths, type ListAction } from "../params.ts";
import { failed } from "../errors.ts";
import { ICONS } from "../icons.ts";

export function ListToolbar({ groupId, page, action, title, total }: {
  groupId: string;
  page: number;
  action: ListAction;
  title: string;
  total?: number;
}) {
  const { t } = useTranslation("contacts");
  const navigate = useNavigate();
  const qc = useQueryClient();
  const config = useQuery(configQuery).data ?? DEFAULT_CONTACT_CONFIG;
  function search(w: string): string | undefined {
    if ([...w].length < SEARCH_MIN_CHARS) return t("contactErrors:contact.search_min_chars");
    void navigate(contactPaths.list("search", 1, { searchWord: w }));
  }

  async function toggleColumn(column: string) {
    const hide = !config.hideColumns.includes(column as never);
    try {
      const next = await contactApi.hideColumn(column as never, hide);
      qc.setQueryData(contactKeys.config, next);
    } catch (e) {
      failed(e);
    }
  }

  return (
    <div className="ct-toolbar">
      <h2 className="ct-list-title">
        {title}
        {total !== undefined && <span className="ct-list-total">{t("list.total", { count: total })}</span>}
      </h2>
      <SearchForm className="ct-search" prefix="ct" id="ct-search" word={action.searchWord} onSearch={search}
        label={t("search.label")} placeholder={t("search.placeholder")} submit={t("search.submit")} />
      <div className="ct-toolbar-end">
        <AriaButton className="ct-icon-btn" aria-label={t("print.open")}
          onPress={() => void navigate(contactPaths.print(groupId, page, action))}>
          <SvgIcon d={ICONS.print} size={18} />
        </AriaButton>
        <MenuTrigger>
          <AriaButton className="ct-tool-btn">{t("list.columns")}</AriaButton>
          <Popover className="menu-popover" placement="bottom end">
            <Menu className="menu" aria-label={t("list.columns")} selectionMode="multiple"
              selectedKeys={HIDEABLE_COLUMNS.filter((c) => !config.hideColumns.includes(c))}
              onAction={(k) => void toggleColumn(String(k))}>
              {HIDEABLE_COLUMNS.map((c) => <MenuItem key={c} id={c} className="menu-item">{t(`column.${c}`)}</MenuItem>)}
            </Menu>
          </Popover>
        </MenuTrigger>
      </div>
    </div>
  );
}
