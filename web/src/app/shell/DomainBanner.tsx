import { useTranslation } from "react-i18next";

/** Shown at the top while the company domain is not AVAILABLE (000 §8 'Domain is not valid'). */
export function DomainBanner() {
  const { t } = useTranslation();
  return <div className="domain-banner" role="alert">{t("common:shell.domainInvalid")}</div>;
}
