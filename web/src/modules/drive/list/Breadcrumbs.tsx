// The path from the root down to the folder shown (GET {id}/super/parent), each a link; the last is the
// folder itself. In a shared tree the links stay in the shared routes.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { parentsQuery } from "../queries.ts";
import { drivePaths } from "../params.ts";

export function Breadcrumbs({ folderId, shared }: { folderId: number; shared: boolean }) {
  const { t } = useTranslation("drive");
  const path = useQuery(parentsQuery(folderId)).data;
  if (!path || path.length < 2) return null;
  return (
    <nav className="dr-crumbs" aria-label={t("list.breadcrumbs")}>
      <ol>
        {path.map((f, i) => {
          const name = f.parentId === null || f.fileType === "ROOT" ? t("side.myDrive") : f.fileName;
          const last = i === path.length - 1;
          return (
            <li key={f.id}>
              {last
                ? <span aria-current="page">{name}</span>
                : <Link {...(shared ? drivePaths.shared(f.id) : drivePaths.folder(f.id))}>{name}</Link>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
