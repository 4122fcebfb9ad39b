// New user: sign-in ID on the company's primary domain, name, password with the rule, role, HR, organisations,
// job grade, position, mailbox quota, language (the UI language of the new user, ko unless chosen) and whether
// the password must be changed at first sign-in.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import type { z } from "zod";
import type { AdminUser, AdminUserCreate, adminUserCreateBody } from "@shared/admin.ts";
import { ACCOUNT_NAME_MAX, JOB_TEXT_MAX, USER_QUOTA_MAX } from "@shared/admin.ts";
import { DEFAULT_LANGUAGE, DEFAULT_USER_QUOTA, isValidPassword, type Language, LANGUAGES, LOGIN_ID_PATTERN } from "@shared/users.ts";
import { api } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { companyQuery } from "../../../app/queries.ts";
import { GIB, refreshDirectory } from "../api.ts";
import { NumberInput, SelectField, Switch } from "../controls.tsx";
import { codeOf, failureText, fieldErrorsOf, submitIf } from "../feedback.ts";
import { LANGUAGE_NAMES } from "../format.ts";
import { MembershipEditor, type MembershipValue } from "./MembershipEditor.tsx";
import { PasswordField } from "./PasswordField.tsx";

/** POST body: the representative first among organIds, so the server takes it as the representative. */
export function membershipBody(m: MembershipValue): Pick<AdminUserCreate, "organIds" | "managerOrganIds"> {
  const ordered = [...m.relations].sort((a, b) => Number(b.organId === m.organId) - Number(a.organId === m.organId));
  return {
    organIds: ordered.map((r) => r.organId),
    managerOrganIds: ordered.filter((r) => r.manager).map((r) => r.organId),
  };
}

export function UserCreateDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation("admin");
  const qc = useQueryClient();
  const domain = useQuery(companyQuery).data?.domains[0] ?? "";
  const [loginId, setLoginId] = useState("");
  const [accountName, setAccountName] = useState("");
  const [password, setPassword] = useState("");
  const [role, setRole] = useState<"ROLE_USER" | "ROLE_ADMIN">("ROLE_USER");
  const [isHr, setIsHr] = useState(false);
  const [jobGrade, setJobGrade] = useState("");
  const [position, setPosition] = useState("");
  const [quotaGb, setQuotaGb] = useState(DEFAULT_USER_QUOTA / GIB);
  const [languageType, setLanguageType] = useState<Language>(DEFAULT_LANGUAGE);
  const [requestPasswordChange, setRequestPasswordChange] = useState(true);
  const [memberships, setMemberships] = useState<MembershipValue>({ relations: [], organId: null });
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});

  const local = {
    loginId: LOGIN_ID_PATTERN.test(loginId.trim()) ? undefined : errorText("user.login_id_invalid"),
    accountName: accountName.trim() ? undefined : errorText("user.name_required"),
    password: isValidPassword(password) ? undefined : "rule",
    totalQuota: quotaGb >= 1 && quotaGb * GIB <= USER_QUOTA_MAX ? undefined : errorText("user.quota_invalid"),
  };
  const shown = (k: keyof typeof local) => server[k] ?? (tried ? local[k] : undefined);
  /** A changed value drops the server's complaint about it. */
  const edit = <T,>(field: string, set: (v: T) => void) => (v: T) => {
    set(v);
    if (server[field]) setServer(({ [field]: _, ...rest }) => rest);
  };

  const create = useMutation({
    mutationFn: () =>
      api<AdminUser>("/api/admin/users", {
        method: "POST",
        json: {
          loginId: loginId.trim(), accountName: accountName.trim(), password, role, isHr,
          jobGrade: jobGrade.trim() || null, position: position.trim() || null,
          totalQuota: Math.round(quotaGb * GIB), languageType, requestPasswordChange, ...membershipBody(memberships),
        } satisfies z.input<typeof adminUserCreateBody>,
      }),
    onSuccess: async (u) => {
      snackbar("SUCCESS", t("users.create.done", { name: u.accountName, username: u.username }));
      await refreshDirectory(qc);
      onClose();
    },
    onError: (e) => {
      const fields = fieldErrorsOf(e);
      if (codeOf(e) === "user.username_in_use") fields.loginId = failureText(e);
      setServer(fields);
      if (!Object.keys(fields).length) snackbar("ERROR", failureText(e));
    },
  });

  function check() {
    setTried(true);
    setServer({});
    return !Object.values(local).some(Boolean);
  }

  return (
    <Dialog title={t("users.create.title")} isOpen onClose={onClose} width={680}>
      <Form className="adm-form" onSubmit={submitIf(check, () => create.mutate())} validationBehavior="aria">
        <div className="adm-grid">
          <div className="adm-id-field">
            <TextField label={t("users.field.loginId")} value={loginId} onChange={edit("loginId", setLoginId)} isRequired autoFocus
              errorMessage={shown("loginId")} description={t("users.field.loginIdHelp")} />
            <span className="adm-id-domain" aria-label={t("users.field.domain")}>@{domain}</span>
          </div>
          <TextField label={t("users.field.name")} value={accountName} onChange={edit("accountName", setAccountName)} isRequired maxLength={ACCOUNT_NAME_MAX}
            errorMessage={shown("accountName")} />
        </div>
        <PasswordField label={t("users.field.password")} value={password} onChange={edit("password", setPassword)} showErrors={tried} serverError={server.password} />
        <Switch label={t("users.field.requestPasswordChange")} description={t("users.field.requestPasswordChangeHelp")}
          isSelected={requestPasswordChange} onChange={setRequestPasswordChange} />
        <div className="adm-grid">
          <SelectField label={t("users.field.role")} value={role} onChange={(v) => setRole(v as typeof role)}
            options={[{ id: "ROLE_USER", label: t("users.role.ROLE_USER") }, { id: "ROLE_ADMIN", label: t("users.role.ROLE_ADMIN") }]} />
          {/* No minValue/maxValue: the field would clamp an out-of-range number silently; the check says so instead. */}
          <NumberInput label={t("users.field.quota")} value={quotaGb} onChange={edit("totalQuota", setQuotaGb)} unit="GB" errorMessage={shown("totalQuota")} />
          <TextField label={t("users.field.jobGrade")} value={jobGrade} onChange={setJobGrade} maxLength={JOB_TEXT_MAX} />
          <TextField label={t("users.field.position")} value={position} onChange={setPosition} maxLength={JOB_TEXT_MAX} />
          <SelectField label={t("users.field.language")} value={languageType} onChange={(l) => setLanguageType(l as Language)}
            description={t("users.field.languageHelp")} options={LANGUAGES.map((l) => ({ id: l, label: LANGUAGE_NAMES[l] }))} />
        </div>
        <Switch label={t("users.field.hr")} description={t("users.field.hrHelp")} isSelected={isHr} onChange={setIsHr} />
        <fieldset className="adm-fieldset">
          <legend className="field-label">{t("users.field.organizations")}</legend>
          <MembershipEditor value={memberships} onChange={setMemberships} />
        </fieldset>
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("action.cancel")}</Button>
          <Button type="submit" isDisabled={create.isPending}>{create.isPending ? t("action.saving") : t("users.create.submit")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
