// Inviting people to a project (MASTER/ADMIN; POST projects/{id}/members/invite): colleagues picked by name or
// address, and addresses typed in (a company member's), with the authority they get; "초대 메일을 발송하였습니다."
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FlowProject } from "@shared/flow/projects.ts";
import type { AutocompleteItem } from "@shared/organizations.ts";
import { Button } from "../../../ui/Button.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { inviteMembers } from "../api.ts";
import { flowErrorText, succeeded } from "../errors.ts";
import { PersonPicker } from "./PersonPicker.tsx";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function InviteForm({ project, onInvited }: { project: FlowProject; onInvited(): void }) {
  const { t } = useTranslation("flow");
  const [people, setPeople] = useState<AutocompleteItem[]>([]);
  const [emails, setEmails] = useState("");
  const [authority, setAuthority] = useState<"ADMIN" | "MEMBER" | "READ">("MEMBER");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const exclude = new Set([...project.members.map((m) => m.userId), ...people.map((p) => p.id)]);

  const invite = async () => {
    const list = emails.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);
    const bad = list.find((s) => !EMAIL.test(s));
    if (bad) return setError(t("members.badEmail", { email: bad }));
    if (!people.length && !list.length) return setError(t("members.nobody"));
    setBusy(true);
    setError(undefined);
    try {
      await inviteMembers(project.id, { userIds: people.map((p) => p.id), emails: list, authority });
      succeeded("members.invited");
      setPeople([]);
      setEmails("");
    } catch (e) {
      setError(flowErrorText(e, "members.inviteFailed"));
    } finally {
      setBusy(false);
      onInvited();
    }
  };

  return (
    <section className="fl-invite" aria-labelledby="fl-invite-heading">
      <h3 id="fl-invite-heading" className="fl-sub-heading">{t("members.invite")}</h3>
      <PersonPicker label={t("members.pick")} exclude={exclude} onPick={(p) => (setPeople([...people, p]), setError(undefined))} />
      {people.length > 0 && (
        <ul className="fl-chips" aria-label={t("members.picked")}>
          {people.map((p) => (
            <li key={p.id} className="fl-chip">
              {p.name}
              <Button variant="ghost" className="fl-chip-x" aria-label={t("members.unpick", { name: p.name })}
                onPress={() => setPeople(people.filter((x) => x.id !== p.id))}>
                ✕
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="fl-invite-row">
        <TextField label={t("members.emails")} value={emails} onChange={(v) => (setEmails(v), setError(undefined))} placeholder={t("members.emailsPlaceholder")} />
        <SelectField label={t("members.inviteAs")} value={authority} onChange={(a) => setAuthority(a as typeof authority)}
          options={(["ADMIN", "MEMBER", "READ"] as const).map((a) => ({ id: a, label: t(`authority.${a}`) }))} />
      </div>
      {error && <p className="fl-error" role="alert">{error}</p>}
      <div className="fl-invite-actions">
        <Button onPress={() => void invite()} isDisabled={busy}>{t("members.sendInvite")}</Button>
      </div>
    </section>
  );
}
