// Theme choice: light (default) and the other palettes, applied at once and saved to the account.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Radio, RadioGroup, Label } from "react-aria-components";
import { THEMES, type Theme } from "@shared/locale.ts";
import type { UserInfo } from "@shared/users.ts";
import { api, ApiError } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";
import { Button } from "../../ui/Button.tsx";
import { Dialog } from "../../ui/Dialog.tsx";
import { snackbar } from "../feedback/snackbar.tsx";
import { userDetailQuery } from "../queries.ts";
import { applyTheme, THEME_PALETTES } from "../themes.ts";

export function ThemeDialog({ isOpen, onClose, current }: { isOpen: boolean; onClose(): void; current: Theme }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (theme: Theme) => api(`/api/users/theme/${theme}`, { method: "PUT" }),
    onMutate: (theme) => applyTheme(theme),
    onSuccess: (_, theme) => {
      qc.setQueryData(userDetailQuery.queryKey, (me: UserInfo | undefined) => (me ? { ...me, theme } : me));
      snackbar("SUCCESS", t("common:theme.saved"));
    },
    onError: (e) => {
      applyTheme(current);
      snackbar("ERROR", errorText(e instanceof ApiError ? e.code : "common.500"));
    },
  });
  return (
    <Dialog title={t("common:theme.title")} isOpen={isOpen} onClose={onClose} width={520}>
      <RadioGroup value={current} onChange={(v) => save.mutate(v as Theme)} className="theme-grid" aria-label={t("common:theme.title")}>
        <Label className="visually-hidden">{t("common:theme.title")}</Label>
        {THEMES.map((theme) => {
          const p = THEME_PALETTES[theme];
          return (
            <Radio key={theme} value={theme} className="theme-option">
              <span className="theme-swatches" aria-hidden="true">
                {[p.primary, p.secondary, p.accent, p.error].map((c) => <span key={c} style={{ background: c }} />)}
              </span>
              <span>{t(`common:theme.names.${theme}`)}</span>
            </Radio>
          );
        })}
      </RadioGroup>
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("common:action.close")}</Button>
      </div>
    </Dialog>
  );
}
