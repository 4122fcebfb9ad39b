// A user's organisations: add from the chart, mark manager, choose the representative one, remove.
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Radio, RadioGroup } from "react-aria-components";
import { USER_ORGANIZATIONS_MAX } from "@shared/admin.ts";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { adminOrganizationsQuery } from "../api.ts";
import { SelectField } from "../controls.tsx";
import { AdminIcon } from "../icons.tsx";
import { buildChart, pathOf } from "../orgTree.ts";

export interface Membership {
  organId: number;
  manager: boolean;
}

export interface MembershipValue {
  relations: Membership[];
  /** The representative organisation; one of the relations, or null when there are none. */
  organId: number | null;
}

export function MembershipEditor({ value, onChange }: { value: MembershipValue; onChange(v: MembershipValue): void }) {
  const { t } = useTranslation("admin");
  const orgs = useQuery(adminOrganizationsQuery);
  const chart = useMemo(() => buildChart(orgs.data ?? []), [orgs.data]);
  const chosen = new Set(value.relations.map((r) => r.organId));
  const options = chart.flat.filter((o) => !chosen.has(o.id)).map((o) => ({ id: String(o.id), label: o.name, depth: o.depth }));

  function add(id: string) {
    const organId = Number(id);
    const relations = [...value.relations, { organId, manager: false }];
    onChange({ relations, organId: value.organId ?? organId });
  }
  function remove(organId: number) {
    const relations = value.relations.filter((r) => r.organId !== organId);
    onChange({ relations, organId: value.organId === organId ? relations[0]?.organId ?? null : value.organId });
  }
  function setManager(organId: number, manager: boolean) {
    onChange({ ...value, relations: value.relations.map((r) => (r.organId === organId ? { ...r, manager } : r)) });
  }

  return (
    <div className="adm-memberships">
      {value.relations.length === 0 ? (
        <p className="adm-muted">{t("memberships.none")}</p>
      ) : (
        <RadioGroup aria-label={t("memberships.representative")} value={value.organId === null ? null : String(value.organId)}
          onChange={(v) => onChange({ ...value, organId: Number(v) })} className="adm-member-list">
          {value.relations.map((r) => {
            const name = chart.byId.has(r.organId) ? pathOf(chart, r.organId) : `#${r.organId}`;
            return (
              <div key={r.organId} className="adm-member-row">
                <span className="adm-member-name">{name}</span>
                <Radio value={String(r.organId)} className="adm-radio" aria-label={t("memberships.representativeOf", { name })}>
                  <span className="adm-radio-dot" aria-hidden="true" />
                  <span className="adm-radio-text" aria-hidden="true">{t("memberships.representativeShort")}</span>
                </Radio>
                <Checkbox isSelected={r.manager} onChange={(v) => setManager(r.organId, v)} aria-label={t("memberships.managerOf", { name })}>
                  <span aria-hidden="true">{t("memberships.manager")}</span>
                </Checkbox>
                <AriaButton className="icon-button" onPress={() => remove(r.organId)} aria-label={t("memberships.remove", { name })}>
                  <AdminIcon name="close" size={18} />
                </AriaButton>
              </div>
            );
          })}
        </RadioGroup>
      )}
      {value.relations.length < USER_ORGANIZATIONS_MAX && options.length > 0 && (
        <SelectField label={t("memberships.add")} placeholder={t("memberships.choose")} value={null} onChange={add} options={options} />
      )}
      {orgs.data?.length === 0 && <p className="adm-muted">{t("memberships.noOrganizations")}</p>}
    </div>
  );
}
