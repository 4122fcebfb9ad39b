// One row of a project's member management (002 §6; the list excludes the MASTER): a joined member's authority
// (ADMIN, MEMBER, READ; an ADMIN does not change another ADMIN), remove (confirm), delegate (MASTER only,
// confirm; 409 flow.cannot_delegate); an invited one's resend ("알림 메일을 보냈습니다.") or withdrawal; an
// application's approval or refusal (confirm).
import { useTranslation } from "react-i18next";
import type { Authority } from "@shared/flow/constants.ts";
import type { FlowMember } from "@shared/flow/projects.ts";
import { Button } from "../../../ui/Button.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";

export interface MemberActions {
  authority(m: FlowMember, a: Exclude<Authority, "MASTER">): void;
  remove(m: FlowMember): void;
  delegate(m: FlowMember): void;
  resend(m: FlowMember): void;
  approve(m: FlowMember): void;
  refuse(m: FlowMember): void;
}

export function MemberRow({ member: m, myAuthority, actions }: { member: FlowMember; myAuthority: Authority | null; actions: MemberActions }) {
  const { t } = useTranslation("flow");
  const manage = myAuthority === "MASTER" || myAuthority === "ADMIN";
  const touchable = manage && !(myAuthority === "ADMIN" && m.authority === "ADMIN");
  return (
    <li className="fl-member">
      <span className="fl-member-who">
        <span className="fl-member-name">{m.name}</span>
        <span className="fl-muted">{m.email}</span>
      </span>
      {m.state === "JOINED" && (
        <span className="fl-member-tools">
          {touchable
            ? (
              <SelectField label={t("members.authorityOf", { name: m.name })} hideLabel value={m.authority}
                options={(["ADMIN", "MEMBER", "READ"] as const).map((a) => ({ id: a, label: t(`authority.${a}`) }))}
                onChange={(a) => a !== m.authority && actions.authority(m, a as Exclude<Authority, "MASTER">)} />
            )
            : <span className="fl-badge">{t(`authority.${m.authority}`)}</span>}
          {myAuthority === "MASTER" && (
            <Button variant="secondary" onPress={() => actions.delegate(m)} aria-label={t("members.delegateTo", { name: m.name })}>{t("members.delegate")}</Button>
          )}
          {touchable && (
            <Button variant="ghost" onPress={() => actions.remove(m)} aria-label={t("members.removeOf", { name: m.name })}>{t("members.remove")}</Button>
          )}
        </span>
      )}
      {m.state === "INVITED" && (
        <span className="fl-member-tools">
          <span className="fl-badge">{t("members.invitedBadge")}</span>
          {manage && <Button variant="secondary" onPress={() => actions.resend(m)} aria-label={t("members.resendTo", { name: m.name })}>{t("members.resend")}</Button>}
          {manage && <Button variant="ghost" onPress={() => actions.remove(m)} aria-label={t("members.removeOf", { name: m.name })}>{t("members.remove")}</Button>}
        </span>
      )}
      {m.state === "APPLIED" && (
        <span className="fl-member-tools">
          <span className="fl-badge">{t("members.appliedBadge")}</span>
          {manage && <Button onPress={() => actions.approve(m)} aria-label={t("members.approveOf", { name: m.name })}>{t("members.approve")}</Button>}
          {manage && <Button variant="secondary" onPress={() => actions.refuse(m)} aria-label={t("members.refuseOf", { name: m.name })}>{t("members.refuse")}</Button>}
        </span>
      )}
    </li>
  );
}
