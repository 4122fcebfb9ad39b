// An organisation field: one department of the company's chart (GET api/organizations), indented by depth;
// the value is { id, name }.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { OrganizationTreeNode } from "@shared/organizations.ts";
import { SelectField } from "../../../../ui/SelectField.tsx";
import { organizationTreeQuery } from "../../../../app/queries.ts";
import type { InputProps } from "./inputs.tsx";

type Ref = { id: number; name: string } | null;

function flat(nodes: OrganizationTreeNode[], depth = 0): { id: string; label: string; depth: number }[] {
  return nodes.flatMap((n) => [{ id: String(n.id), label: n.name, depth }, ...flat(n.children, depth + 1)]);
}

export function OrganInput({ field, value, onChange, error }: InputProps<Ref>) {
  const { t } = useTranslation("approval");
  const tree = useQuery(organizationTreeQuery);
  const options = flat(tree.data ?? []);
  return (
    <div className="ad-field">
      <SelectField hideLabel label={field.label} options={options} value={value ? String(value.id) : null}
        placeholder={field.placeholder || t("draft.organPlaceholder")} errorMessage={error}
        onChange={(id) => {
          const o = options.find((x) => x.id === id);
          if (o) onChange({ id: Number(o.id), name: o.label });
        }} />
    </div>
  );
}
