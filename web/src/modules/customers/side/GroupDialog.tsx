// Add or edit a customer group (001 §3, §5, §6): the name (unique in the company, 409 at the field), public
// (open to every member) or private (members with READ or READ_WRITE, at least one; the creator joins as
// READ_WRITE), the group's mail domain (unique) and, when editing, the parent it sits under (move).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Radio, RadioGroup, Label } from "react-aria-components";
import type { CustomerGroup, CustomerPrivilege } from "@shared/contacts/customers.ts";
import { LIMITS } from "@shared/contacts/constants.ts";
import type { DirectoryMember } from "@shared/organizations.ts";
import { TextField } from "../../../ui/TextField.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { codeOf } from "../../../lib/api.ts";
import { ICONS } from "../../contacts/icons.ts";
import * as customerApi from "../api.ts";
import { flatTree, membersQuery, refreshCustomers, treeQuery } from "../queries.ts";
import { customerErrorText, done, failed } from "../errors.ts";
import { FormDialog } from "../../contacts/side/FormDialog.tsx";

export type GroupEdit = { kind: "add"; parentId: number; parentName?: string } | { kind: "edit"; group: CustomerGroup };
type Member = { userId: number; userName: string; email: string; privilege: CustomerPrivilege };

export function GroupDialog({ edit, onClose }: { edit: GroupEdit; onClose(): void }) {
  const { t } = useTranslation("customers");
  const qc = useQueryClient();
  const g = edit.kind === "edit" ? edit.group : null;
  const current = useQuery({ ...membersQuery(g?.id ?? 0), enabled: !!g && !g.isPublic });
  const tree = useQuery(treeQuery).data;
  const [name, setName] = useState(g?.groupName ?? "");
  const [isPublic, setPublic] = useState(g?.isPublic ?? true);
  const [domain, setDomain] = useState(g?.domain ?? "");
  const [parent, setParent] = useState(String(g?.parentId ?? (edit.kind === "add" ? edit.parentId : 0)));
  const [members, setMembers] = useState<Member[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (current.data) setMembers(current.data);
  }, [current.data]);

  // Where an edited group may go: the top, or a group the user may change outside its own branch.
  const below = new Set(g ? flatTree([findIn(tree, g.id)].filter(Boolean) as CustomerGroup[]).map((x) => x.group.id) : []);
  const parents = [{ id: "0", label: t("group.top") }, ...flatTree(tree).filter((x) => x.group.hasPermission && !below.has(x.group.id))
    .map((x) => ({ id: String(x.group.id), label: x.group.groupName, depth: x.depth + 1 }))];

  async function save() {
    const v = name.trim();
    const problems: Record<string, string> = {};
    if (!v) problems.groupName = t("customerErrors:customer.group_name_required");
    else if ([...v].length > LIMITS.groupName) problems.groupName = t("contactErrors:contact.too_long");
    if (!isPublic && members.length === 0) problems.members = t("customerErrors:customer.members_required");
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    const body = {
      groupName: v, isPublic, domain: domain.trim(), parentId: Number(parent),
      members: isPublic ? [] : members.map((m) => ({ userId: m.userId, privilege: m.privilege })),
    };
    try {
      if (g) await customerApi.patchGroup(g.id, body);
      else await customerApi.addGroup(body);
      done(g ? "groupSaved" : "groupAdded");
      await refreshCustomers(qc);
      onClose();
    } catch (e) {
      const code = codeOf(e);
      if (code.startsWith("customer.group_name") || code === "contact.too_long") setErrors({ groupName: customerErrorText(e) });
      else if (code.startsWith("customer.domain")) setErrors({ domain: customerErrorText(e) });
      else if (code.startsWith("customer.member")) setErrors({ members: customerErrorText(e) });
      else failed(e, g ? "groupSaveFailed" : "groupAddFailed");
    } finally {
      setBusy(false);
    }
  }

  const title = g ? t("group.editTitle") : edit.kind === "add" && edit.parentName ? t("group.addSubTitle", { name: edit.parentName }) : t("group.addTitle");
  return (
    <FormDialog title={title} width={520} busy={busy} onSubmit={() => void save()} onClose={onClose}>
        <TextField label={t("group.name")} value={name} autoFocus isRequired maxLength={LIMITS.groupName + 10} errorMessage={errors.groupName}
          onChange={(v) => setName(v)} />
        <RadioGroup className="cu-radios" value={isPublic ? "public" : "private"} onChange={(v) => setPublic(v === "public")} orientation="horizontal">
          <Label className="field-label">{t("group.visibility")}</Label>
          <div className="cu-radio-row">
            <Radio value="public" className="ct-radio">{t("group.public")}</Radio>
            <Radio value="private" className="ct-radio">{t("group.private")}</Radio>
          </div>
        </RadioGroup>
        <p className="ct-muted">{t(isPublic ? "group.publicHint" : "group.privateHint")}</p>
        {!isPublic && <Members members={members} onChange={setMembers} error={errors.members} />}
        <TextField label={t("group.domain")} value={domain} onChange={setDomain} placeholder="example.com" description={t("group.domainHint")}
          errorMessage={errors.domain} maxLength={253} />
        {g && <SelectField label={t("group.parent")} value={parent} onChange={setParent} options={parents} />}
    </FormDialog>
  );
}

function findIn(nodes: CustomerGroup[] | undefined, id: number): CustomerGroup | undefined {
  return flatTree(nodes).find((x) => x.group.id === id)?.group;
}

/** The members of a private group with their privilege; others are found by name or address. */
function Members({ members, onChange, error }: { members: Member[]; onChange(m: Member[]): void; error?: string }) {
  const { t } = useTranslation("customers");
  const [word, setWord] = useState("");
  const found = useQuery({
    queryKey: ["customer", "directory", word.trim()],
    queryFn: ({ signal }) => customerApi.members(word.trim(), signal),
    enabled: word.trim().length >= 1,
  });
  const add = (m: DirectoryMember) => {
    if (members.some((x) => x.userId === m.id)) return;
    onChange([...members, { userId: m.id, userName: m.accountName, email: m.username, privilege: "READ_WRITE" }]);
    setWord("");
  };
  return (
    <fieldset className="ct-fieldset" aria-describedby={error ? "cu-members-error" : undefined}>
      <legend className="field-label">{t("group.members")}</legend>
      <ul className="cu-members">
        {members.map((m) => (
          <li key={m.userId} className="cu-member">
            <span className="cu-member-name">{m.userName} <span className="ct-muted">{m.email}</span></span>
            <SelectField label={t("group.privilegeOf", { name: m.userName })} hideLabel value={m.privilege}
              onChange={(v) => onChange(members.map((x) => (x.userId === m.userId ? { ...x, privilege: v as CustomerPrivilege } : x)))}
              options={[{ id: "READ_WRITE", label: t("privilege.READ_WRITE") }, { id: "READ", label: t("privilege.READ") }]} />
            <AriaButton className="ct-icon-btn ct-icon-sm" aria-label={t("group.removeMember", { name: m.userName })}
              onPress={() => onChange(members.filter((x) => x.userId !== m.userId))}>
              <SvgIcon d={ICONS.remove} size={14} />
            </AriaButton>
          </li>
        ))}
      </ul>
      {error && <p id="cu-members-error" role="alert" className="field-error">{error}</p>}
      <TextField label={t("group.findMember")} value={word} onChange={setWord} placeholder={t("group.findMemberHint")} />
      {found.data && found.data.content.length > 0 && (
        <ul className="cu-found" aria-label={t("group.found")}>
          {found.data.content.filter((m) => !members.some((x) => x.userId === m.id)).map((m) => (
            <li key={m.id}>
              <AriaButton className="ct-link-btn" onPress={() => add(m)} aria-label={t("group.addMember", { name: m.accountName })}>
                {m.accountName} <span className="ct-muted">{m.username}</span>
              </AriaButton>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
