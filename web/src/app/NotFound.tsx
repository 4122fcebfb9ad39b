import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "./title.ts";

export function NotFound() {
  const { t } = useTranslation();
  usePageTitle(t("common:notFound.title"));
  return (
    <main className="not-found">
      <h1>404</h1>
      <p>{t("common:notFound.message")}</p>
      <Link to="/login" className="btn btn-primary">{t("common:notFound.home")}</Link>
    </main>
  );
}
