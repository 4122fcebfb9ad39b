// /admin/{section}: the administration console for ROLE_ADMIN, inside the app and its session. A left
// navigation (a strip on phones) leads to users, organisations, company settings,
// announcements, the company's blocked senders, external services, the bookable resources, electronic approval, the AI assistant's model provider and the home dashboard's default layout.
import { createLazyRoute, Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ADMIN_SECTIONS, type AdminSection } from "../../app/router.tsx";
import { usePageTitle } from "../../app/title.ts";
import { AdminIcon } from "./icons.tsx";
import { UsersSection } from "./users/UsersSection.tsx";
import { OrganizationsSection } from "./organizations/OrganizationsSection.tsx";
import { CompanySection } from "./company/CompanySection.tsx";
import { AnnouncementsSection } from "./announcements/AnnouncementsSection.tsx";
import { MailSendersSection } from "./mail-senders/MailSendersSection.tsx";
import { ExternalServicesSection } from "./external-services/ExternalServicesSection.tsx";
import { ResourcesSection } from "./resources/ResourcesSection.tsx";
import { ApprovalSection } from "./approval/ApprovalSection.tsx";
import { ProviderSection } from "../assistant/admin/ProviderSection.tsx";
import { HomeDefaultSection } from "../home/admin/HomeDefaultSection.tsx";
import "../../ui/ui.css";
import "./admin.css";

export const Route = createLazyRoute("/app/admin/$section")({ component: AdminPage });

const SECTIONS: Record<AdminSection, () => React.ReactNode> = {
  users: UsersSection,
  organizations: OrganizationsSection,
  company: CompanySection,
  announcements: AnnouncementsSection,
  "mail-senders": MailSendersSection,
  "external-services": ExternalServicesSection,
  resources: ResourcesSection,
  approval: ApprovalSection,
  assistant: ProviderSection,
  home: HomeDefaultSection,
};

/** Section names: the announcements section keeps its strings in its own namespace, external services in a part. */
const sectionLabel = (s: AdminSection) =>
  s === "announcements" ? "announcements:admin.section" : s === "external-services" ? "externalServices.section"
    : s === "approval" ? "approval.section" : s === "assistant" ? "assistant:admin.section" : s === "home" ? "home:admin.section" : `section.${s}`;

function AdminPage() {
  const { t } = useTranslation(["admin", "announcements", "assistant", "home"]);
  const { section: raw } = Route.useParams();
  const section: AdminSection = (ADMIN_SECTIONS as readonly string[]).includes(raw) ? (raw as AdminSection) : "users";
  usePageTitle(`${t(sectionLabel(section))} · ${t("title")}`);
  const Section = SECTIONS[section];
  return (
    <div className="adm">
      <nav className="adm-nav" aria-label={t("nav")}>
        <p className="adm-nav-title" aria-hidden="true">{t("title")}</p>
        <ul>
          {ADMIN_SECTIONS.map((s) => (
            <li key={s}>
              <Link to="/admin/$section" params={{ section: s }} className="adm-nav-link"
                activeProps={{ "aria-current": "page", className: "adm-nav-active" }}>
                <AdminIcon name={s} />
                <span>{t(sectionLabel(s))}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="adm-content" aria-labelledby="adm-heading" key={section}>
        <div className="adm-inner">
          <Section />
        </div>
      </section>
    </div>
  );
}
