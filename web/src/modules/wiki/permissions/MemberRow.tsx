// One permission member (001 §3 "Permission member"): the person (with job title) or the organisation (and whether
// its sub-organisations are included), the level, and for an OWNER the controls to change or remove it.
import { useTranslation } from "react-i18next";
import { ACCESS_LEVELS, type AccessLevel } from "@shared/wiki/constants.ts";
import type { PermissionMember } from "@shared/wiki/permissions.ts";
import { Button } from "../../../ui/Button.tsx";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";

export const memberName = (m: PermissionMember) => (m.organId ? m.organName ?? "" : m.accountName ?? m.username ?? "");

export function MemberRow({ member: m, canEdit, canRemove, onLevel, onIncludeChildren, onRemove }: {
  member: PermissionMember;
  canEdit: boolean;
  canRemove: boolean;
  onLevel(level: AccessLevel): void;
  onIncludeChildren(v: boolean): void;
  onRemove(): void;
}) {
  const { t } = useTranslation("wiki");
  const name = memberName(m);
  const detail = m.organId ? null : [m.username, m.jobGrade, m.jobTitle].filter(Boolean).join(" · ");
  return (
    <li className="wperm-member">
      <span className="wperm-who">
        <span className="wperm-name">{name}</span>
        {detail && <span className="wperm-muted">{detail}</span>}
      </span>
      <span className="wperm-badge">{t(m.organId ? "permissions.type.ORGANIZATION" : "permissions.type.USER")}</span>
      {m.organId !== null && (
        canEdit
          ? (
            <Checkbox isSelected={m.includeChildren} onChange={onIncludeChildren}>
              <span className="visually-hidden">{name} </span>{t("permissions.includeChildren")}
            </Checkbox>
          )
          : m.includeChildren && <span className="wperm-muted">{t("permissions.includeChildren")}</span>
      )}
      {canEdit
        ? (
          <SelectField hideLabel label={t("permissions.levelOf", { name })} value={m.accessLevel}
            options={ACCESS_LEVELS.map((l) => ({ id: l, label: t(`permissions.level.${l}`) }))} onChange={(l) => l !== m.accessLevel && onLevel(l as AccessLevel)} />
        )
        : <span className="wperm-level">{t(`permissions.level.${m.accessLevel}`)}</span>}
      {canRemove && <Button variant="ghost" aria-label={t("permissions.remove", { name })} onPress={onRemove}>✕</Button>}
    </li>
  );
}
