// The address book's settings (/contact/config/{tabType}, 001 §3 "Contact config"): the group it opens on
// (firstPage), the list's page size and default sort, and the columns shown (hideColumns).
import { createLazyRoute, Link } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { type ContactConfig, DEFAULT_CONTACT_CONFIG } from "@shared/contacts/config.ts";
import { CONTACT_PAGE_SIZES, HIDEABLE_COLUMNS, SORT_DIRS } from "@shared/contacts/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import * as contactApi from "../api.ts";
import { configQuery, contactKeys, flatGroups, treeQuery } from "../queries.ts";
import { done, failed } from "../errors.ts";

export const Route = createLazyRoute("/app/contact/config/$tabType")({ component: ContactConfigScreen });

const SORTS = ["userName", "email", "company", "organ", "position", "createdAt"] as const;

function ContactConfigScreen() {
  const { t } = useTranslation("contacts");
  const qc = useQueryClient();
  const loaded = useQuery(configQuery).data;
  const groups = flatGroups(useQuery(treeQuery).data);
  const [c, setC] = useState<ContactConfig>(loaded ?? DEFAULT_CONTACT_CONFIG);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (loaded) setC(loaded);
  }, [loaded]);

  async function save() {
    setBusy(true);
    try {
      let next = await contactApi.putConfig({ firstPage: c.firstPage, pageSize: c.pageSize, sort: `${c.sort}/${c.dir}` });
      for (const col of HIDEABLE_COLUMNS) {
        const hide = c.hideColumns.includes(col);
        if (hide !== next.hideColumns.includes(col)) next = await contactApi.hideColumn(col, hide);
      }
      qc.setQueryData(contactKeys.config, next);
      done("configSaved");
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="ct-config" data-main-content>
      <h2 className="ct-list-title">{t("config.title")}</h2>
      <Form className="ct-form ct-config-form" onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}>
        <SelectField label={t("config.firstPage")} value={c.firstPage} onChange={(v) => setC({ ...c, firstPage: v })} options={[
          ...["all", "important", "new", "unmapped"].map((g) => ({ id: g, label: t(`group.special.${g}`) })),
          ...groups.map(({ group, depth }) => ({ id: String(group.id), label: group.groupName, depth })),
        ]} />
        <SelectField label={t("list.pageSize")} value={String(c.pageSize)} onChange={(v) => setC({ ...c, pageSize: Number(v) })}
          options={CONTACT_PAGE_SIZES.map((n) => ({ id: String(n), label: t("list.perPage", { n }) }))} />
        <div className="ct-grid2">
          <SelectField label={t("config.sort")} value={c.sort} onChange={(v) => setC({ ...c, sort: v as ContactConfig["sort"] })}
            options={SORTS.map((s) => ({ id: s, label: t(`config.sortBy.${s}`) }))} />
          <SelectField label={t("config.dir")} value={c.dir} onChange={(v) => setC({ ...c, dir: v as ContactConfig["dir"] })}
            options={SORT_DIRS.map((d) => ({ id: d, label: t(`config.dirs.${d}`) }))} />
        </div>
        <fieldset className="ct-fieldset">
          <legend className="field-label">{t("config.columns")}</legend>
          <div className="ct-group-checks">
            {HIDEABLE_COLUMNS.map((col) => (
              <Checkbox key={col} isSelected={!c.hideColumns.includes(col)}
                onChange={(on) => setC({ ...c, hideColumns: on ? c.hideColumns.filter((x) => x !== col) : [...c.hideColumns, col] })}>
                {t(`column.${col}`)}
              </Checkbox>
            ))}
          </div>
        </fieldset>
        <div className="dialog-actions">
          <Link to="/contact" className="btn btn-secondary">{t("config.back")}</Link>
          <Button type="submit" isDisabled={busy}>{t("action.save")}</Button>
        </div>
      </Form>
    </div>
  );
}
