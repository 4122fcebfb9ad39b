// Tab "info": the profile (account name, personal email, language; PUT /api/users/general), the mailbox quota
// and read-only facts of the account (ID, organisations, role).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { isValidEmail, type Language, LANGUAGES, type UserInfo } from "@shared/users.ts";
import { api } from "../../lib/api.ts";
import { setLanguage } from "../../lib/i18n.ts";
import { snackbar } from "../../app/feedback/snackbar.tsx";
import { userDetailQuery } from "../../app/queries.ts";
import { LANGUAGE_NAMES } from "../../app/shell/UserMenu.tsx";
import { Button } from "../../ui/Button.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { codeOf, errorOf } from "./api.ts";
import { setFlash } from "./flash.ts";
import { Badge, Section, useFormats } from "./parts.tsx";
import { QuotaSection } from "./QuotaSection.tsx";
import { SelectField } from "../../ui/SelectField.tsx";

/** 000 §9: the page reloads 100 ms after a language change. */
const RELOAD_AFTER_LANGUAGE_MS = 100;
const NAME_MAX = 60;

export function InfoTab({ me, goQuota }: { me: UserInfo; goQuota: boolean }) {
  return (
    <div className="acc-stack">
      <ProfileSection me={me} />
      <QuotaSection focus={goQuota} />
      <FactsSection me={me} />
    </div>
  );
}

function ProfileSection({ me }: { me: UserInfo }) {
  const { t, i18n } = useTranslation("account");
  const qc = useQueryClient();
  const [accountName, setAccountName] = useState(me.accountName);
  const [personalEmail, setPersonalEmail] = useState(me.personalEmail ?? "");
  const [language, setLang] = useState<Language>(me.languageType);
  // The language changed elsewhere (the user menu): an untouched choice here follows it.
  const [savedLanguage, setSavedLanguage] = useState<Language>(me.languageType);
  if (me.languageType !== savedLanguage) {
    setSavedLanguage(me.languageType);
    if (language === savedLanguage) setLang(me.languageType);
  }
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const dirty = accountName !== me.accountName || personalEmail !== (me.personalEmail ?? "") || language !== me.languageType;

  const save = useMutation({
    mutationFn: () =>
      api("/api/users/general", {
        method: "PUT",
        form: { accountName: accountName.trim(), personalEmail: personalEmail.trim(), languageType: language.toUpperCase() },
      }),
    onSuccess: async () => {
      const languageChanged = language !== me.languageType;
      qc.setQueryData(userDetailQuery.queryKey, (u: UserInfo | undefined) =>
        u ? { ...u, accountName: accountName.trim(), displayName: accountName.trim(), personalEmail: personalEmail.trim() || null, languageType: language } : u);
      if (languageChanged) {
        await setLanguage(language);
        setFlash("SUCCESS", i18n.getFixedT(language, "account")("profile.saved"));
        setTimeout(() => location.reload(), RELOAD_AFTER_LANGUAGE_MS);
      } else {
        snackbar("SUCCESS", t("profile.saved"));
      }
    },
    onError: (e) => {
      const code = codeOf(e);
      // 000 §5: the server's complaint about personalEmail or the name is shown at the field.
      if (code === "user.name_required") setErrors({ name: t("profile.nameRequired") });
      else if (code === "user.personal_email_invalid") setErrors({ email: errorOf(e) });
      snackbar("ERROR", t("profile.failed"));
    },
  });

  function submit() {
    const next: typeof errors = {};
    if (!accountName.trim()) next.name = t("profile.nameRequired");
    else if (accountName.trim().length > NAME_MAX) next.name = t("profile.nameTooLong", { max: NAME_MAX });
    if (personalEmail.trim() && !isValidEmail(personalEmail.trim())) next.email = t("profile.emailInvalid");
    setErrors(next);
    if (next.name || next.email) {
      snackbar("VALIDATION", next.name ?? next.email!);
      return;
    }
    save.mutate();
  }

  return (
    <Section title={t("profile.title")} description={t("profile.description")}>
      <Form className="acc-form" onSubmit={(e) => (e.preventDefault(), submit())} validationBehavior="aria">
        <div className="acc-grid">
          <TextField label={t("profile.accountName")} value={accountName} onChange={(v) => (setAccountName(v), setErrors((e) => ({ ...e, name: undefined })))} maxLength={NAME_MAX}
            autoComplete="name" isRequired errorMessage={errors.name} />
          <TextField label={t("profile.personalEmail")} value={personalEmail} onChange={(v) => (setPersonalEmail(v), setErrors((e) => ({ ...e, email: undefined })))} type="email"
            autoComplete="email" description={t("profile.personalEmailHelp")} errorMessage={errors.email} />
          <SelectField label={t("profile.language")} value={language} onChange={(v) => setLang(v as Language)}
            description={t("profile.languageHelp")} options={LANGUAGES.map((l) => ({ id: l, label: LANGUAGE_NAMES[l] }))} />
        </div>
        <div className="acc-actions">
          <Button type="submit" isDisabled={!dirty || save.isPending}>{save.isPending ? t("saving") : t("save")}</Button>
        </div>
      </Form>
    </Section>
  );
}

function FactsSection({ me }: { me: UserInfo }) {
  const { t } = useTranslation("account");
  const f = useFormats();
  const job = [me.jobGrade, me.position].filter(Boolean).join(" · ");
  return (
    <Section title={t("facts.title")}>
      <dl className="acc-facts">
        <dt>{t("facts.username")}</dt>
        <dd>{me.username}</dd>
        <dt>{t("facts.role")}</dt>
        <dd>
          {t(me.ROLE === "ROLE_ADMIN" ? "facts.roleAdmin" : "facts.roleUser")}
          {me.isHr && <> <Badge tone="ok">{t("facts.hr")}</Badge></>}
        </dd>
        {job && (
          <>
            <dt>{t("facts.job")}</dt>
            <dd>{job}</dd>
          </>
        )}
        <dt>{t("facts.organizations")}</dt>
        <dd>
          {me.organRelationList.length === 0 ? <span className="acc-muted">{t("facts.noOrganization")}</span> : (
            <ul className="acc-orgs">
              {me.organRelationList.map((o) => (
                <li key={o.organId}>
                  {o.organName}
                  {o.organId === me.organId && me.organRelationList.length > 1 && <> <Badge tone="off">{t("facts.representative")}</Badge></>}
                  {o.manager && <> <Badge tone="ok">{t("facts.manager")}</Badge></>}
                </li>
              ))}
            </ul>
          )}
        </dd>
        {me.prevLoginTimeMillis != null && (
          <>
            <dt>{t("facts.prevLogin")}</dt>
            <dd>{f.dateTime(me.prevLoginTimeMillis)}</dd>
          </>
        )}
      </dl>
    </Section>
  );
}
