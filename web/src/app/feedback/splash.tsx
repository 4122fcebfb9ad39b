// The splash shown while a module island loads (module change) or the session starts.
import { useTranslation } from "react-i18next";

export function Splash() {
  const { t } = useTranslation();
  return (
    <div className="splash" role="status" aria-live="polite">
      <div className="splash-mark" aria-hidden="true" />
      <span className="visually-hidden">{t("common:loading")}</span>
    </div>
  );
}
