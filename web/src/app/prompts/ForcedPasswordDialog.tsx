// Forced password change (000 §4): shown when an administrator asked for a new password. It cannot be
// dismissed; PUT /api/users/force/pw, then the user info is refreshed and the prompt goes away. Signing out
// is the only other way out. Nothing of the app is shown behind it (Shell.tsx; an opaque backdrop).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { api, ApiError } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";
import { Button } from "../../ui/Button.tsx";
import { Dialog } from "../../ui/Dialog.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { newPasswordProblem, PasswordRule } from "../../modules/account/password.tsx";
import { snackbar } from "../feedback/snackbar.tsx";
import { userDetailQuery } from "../queries.ts";
import { signOut } from "../shell/UserMenu.tsx";

export function ForcedPasswordDialog() {
  return (
    <Suspense fallback={null}>
      <ForcedPasswordBody />
    </Suspense>
  );
}

function ForcedPasswordBody() {
  const { t } = useTranslation("account");
  const qc = useQueryClient();
  const ruleId = useId();
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ new?: string; confirm?: string }>({});

  const save = useMutation({
    mutationFn: () => api("/api/users/force/pw", { method: "PUT", json: { newPassword: next } }),
    onSuccess: async () => {
      snackbar("SUCCESS", t("forced.done"));
      await qc.invalidateQueries({ queryKey: userDetailQuery.queryKey });
    },
    onError: async (e) => {
      const code = e instanceof ApiError ? e.code : "common.500";
      // Nothing to change any more (already changed elsewhere): refresh so the prompt closes.
      if (code === "user.password_change_not_requested") return void (await qc.invalidateQueries({ queryKey: userDetailQuery.queryKey }));
      const text = errorText(code);
      if (code.startsWith("user.password")) setErrors({ new: text });
      snackbar("ERROR", text);
    },
  });

  function submit() {
    const problem = newPasswordProblem(next, confirm);
    setErrors(problem ? { [problem.field]: t(problem.key) } : {});
    if (problem) return snackbar("VALIDATION", t(problem.key));
    save.mutate();
  }

  return (
    <Dialog title={t("forced.title")} isOpen width={460} opaque>
      <p className="prompt-text">{t("forced.message")}</p>
      <Form className="prompt-form" validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), submit())}>
        <TextField label={t("password.new")} type="password" value={next} onChange={setNext} autoComplete="new-password" autoFocus
          isRequired errorMessage={errors.new} aria-describedby={ruleId} />
        <PasswordRule value={next} id={ruleId} />
        <TextField label={t("password.confirm")} type="password" value={confirm} onChange={setConfirm} autoComplete="new-password"
          isRequired errorMessage={errors.confirm} />
        <div className="dialog-actions">
          <Button variant="ghost" onPress={() => void signOut(qc)}>{t("prompt.logout")}</Button>
          <Button type="submit" isDisabled={save.isPending}>{t("forced.submit")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
