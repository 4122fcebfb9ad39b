// Tab "security": password change (PUT /api/users/pw), two-factor authentication, signing out other sessions,
// and the password-change history of the last year (GET /api/history/pw/recent).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import type { UserInfo } from "@shared/users.ts";
import { api } from "../../lib/api.ts";
import { snackbar } from "../../app/feedback/snackbar.tsx";
import { Button } from "../../ui/Button.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { codeOf, errorOf, passwordHistoryQuery, type PasswordHistoryItem } from "./api.ts";
import { type Column, DataTable, Pager, Section, useFormats } from "./parts.tsx";
import { newPasswordProblem, PasswordRule, passwordErrorField } from "./password.tsx";
import { SessionsSection, TwoFactorSection } from "./TwoFactorSection.tsx";

export function SecurityTab({ me }: { me: UserInfo }) {
  const { t } = useTranslation("account");
  // A colleague who switched into this account sees the history but cannot change the owner's sign-in.
  if (me.switchedFrom) {
    return (
      <div className="acc-stack">
        <p className="acc-note" role="note">{t("switchedSecurity", { name: me.switchedFrom.accountName })}</p>
        <PasswordHistorySection />
      </div>
    );
  }
  return (
    <div className="acc-stack">
      <PasswordSection />
      <TwoFactorSection me={me} />
      <SessionsSection />
      <PasswordHistorySection />
    </div>
  );
}

type PwField = "current" | "new" | "confirm";

function PasswordSection() {
  const { t } = useTranslation("account");
  const qc = useQueryClient();
  const ruleId = useId();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Partial<Record<PwField, string>>>({});

  const change = useMutation({
    mutationFn: () => api("/api/users/pw", { method: "PUT", json: { currentPassword: current, newPassword: next } }),
    onSuccess: () => {
      snackbar("SUCCESS", t("password.changed"));
      setCurrent("");
      setNext("");
      setConfirm("");
      setErrors({});
      void qc.invalidateQueries({ queryKey: ["history", "pw"] });
    },
    onError: (e) => {
      const text = errorOf(e);
      const field = passwordErrorField(codeOf(e));
      if (field) setErrors({ [field]: text });
      snackbar("ERROR", text);
    },
  });

  function submit() {
    const found: Partial<Record<PwField, string>> = {};
    if (!current) found.current = t("password.currentRequired");
    const problem = newPasswordProblem(next, confirm);
    if (problem) found[problem.field] = t(problem.key);
    setErrors(found);
    const first = found.current ?? found.new ?? found.confirm;
    if (first) return snackbar("VALIDATION", first);
    change.mutate();
  }

  return (
    <Section title={t("password.title")} description={t("password.description")}>
      <Form className="acc-form acc-form-narrow" validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), submit())}>
        <TextField label={t("password.current")} type="password" value={current} onChange={setCurrent} autoComplete="current-password"
          isRequired errorMessage={errors.current} />
        <TextField label={t("password.new")} type="password" value={next} onChange={setNext} autoComplete="new-password"
          isRequired errorMessage={errors.new} aria-describedby={ruleId} />
        <PasswordRule value={next} id={ruleId} />
        <TextField label={t("password.confirm")} type="password" value={confirm} onChange={setConfirm} autoComplete="new-password"
          isRequired errorMessage={errors.confirm} />
        <div className="acc-actions">
          <Button type="submit" isDisabled={change.isPending}>{t("password.submit")}</Button>
        </div>
      </Form>
    </Section>
  );
}

function PasswordHistorySection() {
  const { t } = useTranslation("account");
  const f = useFormats();
  const [page, setPage] = useState(0);
  const q = useQuery(passwordHistoryQuery(page));
  const columns: Column<PasswordHistoryItem>[] = [
    { key: "time", header: t("pwHistory.time"), cell: (r) => f.dateTime(r.changeTimeMillis), className: "acc-nowrap" },
    { key: "type", header: t("pwHistory.type"), cell: (r) => t(`pwHistory.types.${r.changeType}`, { defaultValue: r.changeType }) },
    { key: "ip", header: t("pwHistory.ip"), cell: (r) => <span className="acc-mono">{r.ip ?? "—"}</span> },
  ];
  return (
    <Section title={t("pwHistory.title")} description={t("pwHistory.description")}>
      {q.isError && <p className="acc-inline-error" role="alert">{errorOf(q.error)}</p>}
      <DataTable caption={t("pwHistory.title")} columns={columns} rows={q.data?.content} empty={t("pwHistory.empty")} loading={q.isFetching} />
      <Pager page={page} totalPages={q.data?.totalPages ?? 0} onChange={setPage} label={t("pwHistory.pages")} />
    </Section>
  );
}
