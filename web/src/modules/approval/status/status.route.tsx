// The targets of a refused or missing document (002 §2 approval_not_allowed, approval_not_found): what
// happened, and the ways back (the previous page, the approval home).
import { createLazyRoute, Link, useRouter } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "../../../app/title.ts";
import { Button } from "../../../ui/Button.tsx";
import { approvalPaths } from "../paths.ts";

export const NotAllowedRoute = createLazyRoute("/app/approval/not-allowed")({ component: () => <Status kind="notAllowed" /> });
export const NotFoundRoute = createLazyRoute("/app/approval/not-found")({ component: () => <Status kind="notFound" /> });

function Status({ kind }: { kind: "notAllowed" | "notFound" }) {
  const { t } = useTranslation("approval");
  const router = useRouter();
  usePageTitle(t(`page.${kind}.title`));
  return (
    <div className="ap-screen ap-status-page">
      <div className="ap-status-box">
        <h1 className="ap-title">{t(`page.${kind}.title`)}</h1>
        <p>{t(`page.${kind}.message`)}</p>
        <div className="ap-status-actions">
          <Button variant="secondary" onPress={() => router.history.back()}>{t("page.back")}</Button>
          <Link {...approvalPaths.home()} className="btn btn-primary">{t("page.home")}</Link>
        </div>
      </div>
    </div>
  );
}
