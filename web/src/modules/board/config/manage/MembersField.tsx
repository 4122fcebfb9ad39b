// The members of a private board: users and organisations found by name (the shared MemberPicker) or picked
// from the organisation chart (OrgChartPicker, as the share dialogs do), each with 읽기 or 쓰기 and, for an
// organisation, whether its sub-organisations are included. A member cannot be added twice (001 §5).
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Disclosure, DisclosurePanel, Heading } from "react-aria-components";
import type { BoardDetail } from "@shared/board/boards.ts";
import { PRIVILEGES, type Privilege } from "@shared/board/constants.ts";
import { MemberPicker } from "../../../../app/share/MemberPicker.tsx";
import { OrgChartPicker } from "../../../../app/share/OrgChartPicker.tsx";
import { Button } from "../../../../ui/Button.tsx";
import { Checkbox } from "../../../../ui/Checkbox.tsx";
import { SelectField } from "../../../../ui/SelectField.tsx";
import type { BoardMembers } from "../../api.ts";
import "../../../../app/share/share.css";

export interface DraftMember {
  type: "USER" | "ORGANIZATION";
  id: number;
  name: string;
  email?: string | null;
  privilege: Privilege;
  includeChildren: boolean;
}

export const draftKey = (m: Pick<DraftMember, "type" | "id">) => `${m.type}:${m.id}`;

export function draftMembersOf(d: BoardDetail): DraftMember[] {
  return [
    ...d.members.organs.map((o) => ({ type: "ORGANIZATION" as const, id: o.id, name: o.name, privilege: o.privilege, includeChildren: o.includeChildren })),
    ...d.members.users.map((u) => ({ type: "USER" as const, id: u.id, name: u.name, email: u.email, privilege: u.privilege, includeChildren: false })),
  ];
}

export function membersInput(list: DraftMember[]): BoardMembers {
  return {
    users: list.filter((m) => m.type === "USER").map((m) => ({ userId: m.id, privilege: m.privilege })),
    organs: list.filter((m) => m.type === "ORGANIZATION").map((m) => ({ organId: m.id, includeChildren: m.includeChildren, privilege: m.privilege })),
  };
}

export function MembersField({ members, onChange }: { members: DraftMember[]; onChange(list: DraftMember[]): void }) {
  const { t } = useTranslation("board");
  const chosen = new Set(members.map(draftKey));
  const add = (m: Omit<DraftMember, "privilege" | "includeChildren">) => {
    if (chosen.has(draftKey(m))) return;
    onChange([...members, { ...m, privilege: "WRITE", includeChildren: true }]);
  };
  const change = (m: DraftMember, patch: Partial<DraftMember>) => onChange(members.map((x) => (x === m ? { ...x, ...patch } : x)));
  return (
    <fieldset className="bdc-fieldset">
      <legend className="field-label">{t("config.form.members")}</legend>
      <MemberPicker onPick={(i) => add({ type: i.type, id: i.id, name: i.name, email: i.email })} exclude={chosen} label={t("config.form.addMember")} />
      <Disclosure className="share-disclosure">
        <Heading level={3} className="share-disclosure-heading">
          <AriaButton slot="trigger" className="share-disclosure-trigger">{t("config.form.orgChart")}</AriaButton>
        </Heading>
        <DisclosurePanel className="share-disclosure-panel">
          <OrgChartPicker chosen={chosen} onPick={(p) => add({ type: p.memberType === "ORGANIZATION" ? "ORGANIZATION" : "USER", id: p.memberId, name: p.name, email: p.email })} />
        </DisclosurePanel>
      </Disclosure>
      {members.length === 0
        ? <p className="bd-muted">{t("config.form.noMembers")}</p>
        : (
          <ul className="bdc-members" aria-label={t("config.form.memberList")}>
            {members.map((m) => (
              <li key={draftKey(m)} className="bdc-member">
                <span className="bdc-member-who">
                  <span className="share-name">{m.name}</span>
                  {m.email && <span className="bd-muted">{m.email}</span>}
                </span>
                <span className="share-badge">{t(`config.memberType.${m.type}`)}</span>
                {m.type === "ORGANIZATION" && (
                  <Checkbox isSelected={m.includeChildren} onChange={(v) => change(m, { includeChildren: v })}>
                    <span className="visually-hidden">{m.name} </span>{t("config.form.includeChildren")}
                  </Checkbox>
                )}
                <SelectField hideLabel label={t("config.form.privilegeOf", { name: m.name })} value={m.privilege}
                  options={PRIVILEGES.map((p) => ({ id: p, label: t(`config.privilege.${p}`) }))}
                  onChange={(v) => change(m, { privilege: v as Privilege })} />
                <Button variant="ghost" aria-label={t("config.form.removeMember", { name: m.name })} onPress={() => onChange(members.filter((x) => x !== m))}>
                  ✕
                </Button>
              </li>
            ))}
          </ul>
        )}
    </fieldset>
  );
}
