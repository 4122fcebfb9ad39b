// Editing one user, in four tabs: profile (name, status, role, HR, org-chart restriction, two-factor bypass,
// job, quota, language), organisations (memberships, manager flags, representative), mail aliases
// (UserAliases.tsx) and password reset.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import type { AdminUser, AdminUserUpdate } from "@shared/admin.ts";
import { ACCOUNT_NAME_MAX, JOB_TEXT_MAX, USER_QUOTA_MAX } from "@shared/admin.ts";
import { isValidPassword, LANGUAGES, type Language } from "@shared/users.ts";
import { api } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { GIB, refreshDirectory } from "../api.ts";
import { NumberInput, SelectField, Switch } from "../controls.tsx";
import { failureText, fieldErrorsOf, notifyFailure, submitIf } from "../feedback.ts";
import { formatBytes, LANGUAGE_NAMES } from "../format.ts";
import { MembershipEditor, type MembershipValue } from "./MembershipEditor.tsx";
import { PasswordField } from "./PasswordField.tsx";
import { UserAliases } from "./UserAliases.tsx";

export type EditTab = "profile" | "organizations" | "aliases" | "password";

export function UserEditDialog({ user: initial, initialTab, isSelf, onClose }: {
  user: AdminUser;
  initialTab: EditTab;
  isSelf: boolean;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation("admin");
  const [user, setUser] = useState(initial);
  const [tab, setTab] = useState<EditTab>(initialTab);
  return (
    <Dialog title={t("users.edit.title", { name: user.accountName })} isOpen onClose={onClose} width={680}>
      <p className="adm-muted adm-dialog-sub">
        {user.username} · {t("users.edit.used", { used: formatBytes(user.usedSize, i18n.language) })}
        {user.twoFactorAuth && ` · ${t("users.edit.twoFactorOn")}`}
      </p>
      <Tabs selectedKey={tab} onSelectionChange={(k) => setTab(k as EditTab)} className="adm-tabs">
        <TabList aria-label={t("users.edit.tabs")} className="adm-tablist">
          <Tab id="profile" className="adm-tab">{t("users.edit.profile")}</Tab>
          <Tab id="organizations" className="adm-tab">{t("users.edit.organizations")}</Tab>
          <Tab id="aliases" className="adm-tab">{t("aliases.tab")}</Tab>
          <Tab id="password" className="adm-tab">{t("users.edit.password")}</Tab>
        </TabList>
        <TabPanel id="profile" className="adm-tabpanel">
          <ProfileForm user={user} isSelf={isSelf} onSaved={setUser} onClose={onClose} />
        </TabPanel>
        <TabPanel id="organizations" className="adm-tabpanel">
          <MembershipsForm user={user} onSaved={setUser} onClose={onClose} />
        </TabPanel>
        <TabPanel id="aliases" className="adm-tabpanel">
          <UserAliases user={user} onClose={onClose} />
        </TabPanel>
        <TabPanel id="password" className="adm-tabpanel">
          <PasswordForm user={user} onClose={onClose} />
        </TabPanel>
      </Tabs>
    </Dialog>
  );
}

interface FormProps {
  user: AdminUser;
  onSaved(u: AdminUser): void;
  onClose(): void;
}

function ProfileForm({ user, isSelf, onSaved, onClose }: FormProps & { isSelf: boolean }) {
  const { t } = useTranslation("admin");
  const qc = useQueryClient();
  const [v, setV] = useState({
    accountName: user.accountName, status: user.status, role: user.role, isHr: user.isHr,
    isOrgChartRestricted: user.isOrgChartRestricted, bypassTwoFactor: user.bypassTwoFactor,
    jobGrade: user.jobGrade ?? "", position: user.position ?? "", quotaGb: Math.max(1, Math.round(user.totalQuota / GIB)),
    languageType: user.languageType,
  });
  const [server, setServer] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof v>(k: K) => (value: (typeof v)[K]) => setV({ ...v, [k]: value });
  const nameError = v.accountName.trim() ? undefined : errorText("user.name_required");
  const quotaError = v.quotaGb >= 1 && v.quotaGb * GIB <= USER_QUOTA_MAX ? undefined : errorText("user.quota_invalid");

  const save = useMutation({
    mutationFn: () => {
      const body: AdminUserUpdate = {
        accountName: v.accountName.trim(), status: v.status, role: v.role, isHr: v.isHr,
        isOrgChartRestricted: v.isOrgChartRestricted, bypassTwoFactor: v.bypassTwoFactor,
        jobGrade: v.jobGrade.trim() || null, position: v.position.trim() || null, languageType: v.languageType,
      };
      // Keep a quota that is not a whole number of GB unless the administrator changed it.
      if (v.quotaGb !== Math.max(1, Math.round(user.totalQuota / GIB))) body.totalQuota = v.quotaGb * GIB;
      return api<AdminUser>(`/api/admin/users/${user.id}`, { method: "PUT", json: body });
    },
    onSuccess: async (u) => {
      onSaved(u);
      snackbar("SUCCESS", t("users.edit.saved", { name: u.accountName }));
      await refreshDirectory(qc);
      onClose();
    },
    onError: (e) => {
      const fields = fieldErrorsOf(e);
      setServer(fields);
      snackbar("ERROR", failureText(e));
    },
  });

  return (
    <Form className="adm-form" onSubmit={submitIf(() => !nameError && !quotaError, () => save.mutate())} validationBehavior="aria">
      <div className="adm-grid">
        <TextField label={t("users.field.name")} value={v.accountName} onChange={set("accountName")} isRequired maxLength={ACCOUNT_NAME_MAX}
          errorMessage={server.accountName ?? nameError} />
        <SelectField label={t("users.field.status")} value={v.status} onChange={(s) => set("status")(s as AdminUser["status"])}
          isDisabled={isSelf} description={isSelf ? t("users.edit.selfStatus") : t("users.edit.statusHelp")}
          options={[{ id: "ACTIVE", label: t("users.status.ACTIVE") }, { id: "INACTIVE", label: t("users.status.INACTIVE") }]} />
        <SelectField label={t("users.field.role")} value={v.role} onChange={(r) => set("role")(r as AdminUser["role"])}
          description={isSelf ? t("users.edit.selfRole") : undefined}
          options={[{ id: "ROLE_USER", label: t("users.role.ROLE_USER") }, { id: "ROLE_ADMIN", label: t("users.role.ROLE_ADMIN") }]} />
        {/* No minValue/maxValue: the field would clamp an out-of-range number silently; the check says so instead. */}
        <NumberInput label={t("users.field.quota")} value={v.quotaGb} onChange={set("quotaGb")} unit="GB" errorMessage={server.totalQuota ?? quotaError} />
        <TextField label={t("users.field.jobGrade")} value={v.jobGrade} onChange={set("jobGrade")} maxLength={JOB_TEXT_MAX} />
        <TextField label={t("users.field.position")} value={v.position} onChange={set("position")} maxLength={JOB_TEXT_MAX} />
        <SelectField label={t("users.field.language")} value={v.languageType} onChange={(l) => set("languageType")(l as Language)}
          options={LANGUAGES.map((l) => ({ id: l, label: LANGUAGE_NAMES[l] }))} />
      </div>
      <div className="adm-switches">
        <Switch label={t("users.field.hr")} description={t("users.field.hrHelp")} isSelected={v.isHr} onChange={set("isHr")} />
        <Switch label={t("users.field.orgChartRestricted")} description={t("users.field.orgChartRestrictedHelp")}
          isSelected={v.isOrgChartRestricted} onChange={set("isOrgChartRestricted")} />
        <Switch label={t("users.field.bypassTwoFactor")} description={t("users.field.bypassTwoFactorHelp")}
          isSelected={v.bypassTwoFactor} onChange={set("bypassTwoFactor")} />
      </div>
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("action.cancel")}</Button>
        <Button type="submit" isDisabled={save.isPending}>{save.isPending ? t("action.saving") : t("action.save")}</Button>
      </div>
    </Form>
  );
}

function MembershipsForm({ user, onSaved, onClose }: FormProps) {
  const { t } = useTranslation("admin");
  const qc = useQueryClient();
  const [value, setValue] = useState<MembershipValue>({
    relations: user.organRelationList.map((r) => ({ organId: r.organId, manager: r.manager })),
    organId: user.organId,
  });
  const save = useMutation({
    mutationFn: () => api<AdminUser>(`/api/admin/users/${user.id}/organizations`, { method: "PUT", json: value }),
    onSuccess: async (u) => {
      onSaved(u);
      snackbar("SUCCESS", t("memberships.saved", { name: u.accountName }));
      await refreshDirectory(qc);
      onClose();
    },
    onError: notifyFailure,
  });
  return (
    <Form className="adm-form" onSubmit={(e) => (e.preventDefault(), save.mutate())}>
      <p className="adm-muted">{t("memberships.help")}</p>
      <MembershipEditor value={value} onChange={setValue} />
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("action.cancel")}</Button>
        <Button type="submit" isDisabled={save.isPending}>{save.isPending ? t("action.saving") : t("action.save")}</Button>
      </div>
    </Form>
  );
}

function PasswordForm({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const { t } = useTranslation("admin");
  const [password, setPassword] = useState("");
  const [requestPasswordChange, setRequestPasswordChange] = useState(true);
  const [tried, setTried] = useState(false);
  const reset = useMutation({
    mutationFn: () => api(`/api/admin/users/${user.id}/password`, { method: "PUT", json: { password, requestPasswordChange } }),
    onSuccess: () => {
      snackbar("SUCCESS", t("users.password.done", { name: user.accountName }));
      onClose();
    },
    onError: notifyFailure,
  });
  return (
    <Form className="adm-form" onSubmit={submitIf(() => (setTried(true), isValidPassword(password)), () => reset.mutate())}>
      <p className="adm-muted">{t("users.password.help")}</p>
      <PasswordField label={t("users.field.newPassword")} value={password} onChange={setPassword} showErrors={tried} />
      <Switch label={t("users.field.requestPasswordChange")} description={t("users.field.requestPasswordChangeHelp")}
        isSelected={requestPasswordChange} onChange={setRequestPasswordChange} />
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("action.cancel")}</Button>
        <Button type="submit" isDisabled={reset.isPending}>{t("users.password.submit")}</Button>
      </div>
    </Form>
  );
}
