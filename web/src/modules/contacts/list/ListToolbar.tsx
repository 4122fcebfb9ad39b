// The list's toolbar: the group's name and count, the search (2 characters or more, 001 §5: name, e-mail,
// phone, company or department; a word of initial consonants only, "ㄱㅁ", finds names by their initials),
// the print view and the columns menu (hideColumns of the contact config).
import { useNavigate } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Form, Input, Label, Menu, MenuItem, MenuTrigger, Popover, SearchField } from "react-aria-components";
import { DEFAULT_CONTACT_CONFIG } from "@shared/contacts/config.ts";
import { HIDEABLE_COLUMNS, SEARCH_MIN_CHARS } from "@shared/contacts/constants.ts";
import { SvgIcon } from "../../../ui/icons.tsx";
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
  const [word, setWord] = useState(action.searchWord ?? "");
  const [error, setError] = useState<string | undefined>();
  // Another list (a group, the search's own address) shows its own word.
  useEffect(() => {
    setWord(action.searchWord ?? "");
    setError(undefined);
  }, [action.searchWord]);

  function search() {
    const w = word.trim();
    if ([...w].length < SEARCH_MIN_CHARS) {
      setError(t("contactErrors:contact.search_min_chars"));
      return;
    }
    setError(undefined);
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
      <Form className="ct-search" role="search" onSubmit={(e) => {
        e.preventDefault();
        search();
      }}>
        <SearchField value={word} onChange={(v) => {
          setWord(v);
          setError(undefined);
        }} onClear={() => setError(undefined)} className="ct-search-field" aria-describedby={error ? "ct-search-error" : undefined}>
          <Label className="visually-hidden">{t("search.label")}</Label>
          <SvgIcon d={ICONS.search} size={16} />
          <Input className="ct-search-input" placeholder={t("search.placeholder")} />
        </SearchField>
        <AriaButton type="submit" className="ct-tool-btn">{t("search.submit")}</AriaButton>
        {error && <span id="ct-search-error" role="alert" className="ct-search-error">{error}</span>}
      </Form>
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
