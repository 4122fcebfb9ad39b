// The organisation filter of the members dashboard and the reports: the company's chart, indented by depth
// (HR: every organisation, or all of them; a manager: the organisations they head), and "with sub-organisations".
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { OrganizationTreeNode } from "@shared/organizations.ts";
import { organizationTreeQuery, userDetailQuery } from "../../../app/queries.ts";
import { SelectField } from "../../../ui/SelectField.tsx";
import { Switch } from "../../../ui/Switch.tsx";
import { useIsHr } from "../format.tsx";

export const ALL = "all";

function flat(nodes: OrganizationTreeNode[], depth = 0): { id: string; label: string; depth: number }[] {
  return nodes.flatMap((n) => [{ id: String(n.id), label: n.name, depth }, ...flat(n.children, depth + 1)]);
}

/** The organisations the caller may filter by, and the one to start with (HR: all; a manager: their first). */
export function useOrganChoices() {
  const { t } = useTranslation("leave");
  const hr = useIsHr();
  const me = useQuery(userDetailQuery).data;
  const tree = useQuery(organizationTreeQuery);
  const all = flat(tree.data ?? []);
  const managed = new Set((me?.organRelationList ?? []).filter((o) => o.manager).map((o) => String(o.organId)));
  const options = hr ? [{ id: ALL, label: t("members.allOrgans"), depth: 0 }, ...all] : all.filter((o) => managed.has(o.id)).map((o) => ({ ...o, depth: 0 }));
  return { options, initial: hr ? undefined : Number([...managed][0] ?? 0) || undefined };
}

export function OrganFilter({ organId, includeChildren, onChange }: {
  organId: number | undefined;
  includeChildren: boolean;
  onChange(v: { organId: number | undefined; includeChildren: boolean }): void;
}) {
  const { t } = useTranslation("leave");
  const { options } = useOrganChoices();
  return (
    <div className="lv-organ-filter">
      <SelectField label={t("members.organ")} options={options} value={organId ? String(organId) : options[0]?.id ?? null}
        onChange={(v) => onChange({ organId: v === ALL ? undefined : Number(v), includeChildren })} />
      <Switch label={t("members.includeChildren")} isSelected={includeChildren} isDisabled={!organId}
        onChange={(v) => onChange({ organId, includeChildren: v })} />
    </div>
  );
}
