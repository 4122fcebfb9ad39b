// The drive's side pane (001 §2): upload and new folder into the folder shown (or the default folder), then the
// roots of GET root: my drive with its folder tree, recent, important, shared with me, my shares, the trash,
// and Google Drive when the company enables it; last, connecting the drive as a network drive (WebDAV). On phones it is the shell's drawer (app/shell/SideDrawer.tsx),
// closed by picking a place.
import { useQuery } from "@tanstack/react-query";
import { Link, useParams, useRouterState } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import { SPECIAL_FOLDERS } from "@shared/drive/constants.ts";
import type { DriveItem } from "@shared/drive/items.ts";
import { SideDrawer as ShellDrawer, useCloseDrawer } from "../../../app/shell/SideDrawer.tsx";
import { Button } from "../../../ui/Button.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { ICONS } from "../icons.tsx";
import { defaultQuery, parentsQuery, rootsQuery } from "../queries.ts";
import { drivePaths, folderParam } from "../params.ts";
import { useDriveUi } from "../ui-state.ts";
import { openUpload } from "../upload/store.ts";
import { FolderTree } from "./FolderTree.tsx";

export function SidePane() {
  const { t } = useTranslation("drive");
  const ui = useDriveUi();
  const close = useCloseDrawer();
  const roots = useQuery(rootsQuery).data ?? [];
  const home = useQuery(defaultQuery).data;
  const params = useParams({ strict: false }) as { folderId?: string };
  const path = useRouterState({ select: (s) => s.location.pathname });
  const shown = params.folderId && /^\d+$/.test(params.folderId) ? Number(params.folderId) : null;
  const inShared = path.startsWith("/drive/shared");
  const parents = useQuery({ ...parentsQuery(shown ?? 0), enabled: shown !== null && !inShared }).data ?? [];
  const own = roots.find((r) => r.fileType === "ROOT") ?? home;
  const trash = roots.find((r) => r.fileType === "DELETED");
  // Uploads and new folders go into the folder shown when it is the user's own (not the trash), else home.
  const target = shown !== null && !inShared && trash?.id !== shown ? shown : own?.id;

  const special = (r: DriveItem) => {
    switch (r.fileType) {
      case "RECENT":
        return { link: drivePaths.folder("recent"), match: "/drive/recent", icon: ICONS.clock, label: t("side.recent") };
      case "IMPORTANT":
        return { link: drivePaths.folder("important"), match: "/drive/important", icon: ICONS.star, label: t("side.important") };
      case "SHARE":
        return { link: drivePaths.shared(SPECIAL_FOLDERS.share), match: "/drive/shared", icon: ICONS.people, label: t("side.sharedWithMe") };
      default:
        return null;
    }
  };
  const current = (p: string) => (path === p || path.startsWith(`${p}/`) ? "page" as const : undefined);

  return (
    <div className="dr-side-inner">
      <div className="dr-side-actions">
        <Button className="dr-new" isDisabled={!target} onPress={() => {
          close();
          if (target) openUpload(target);
        }}>
          <SvgIcon d={ICONS.upload} size={18} />
          {t("upload.open")}
        </Button>
        <Button variant="secondary" className="dr-new" isDisabled={!target} onPress={() => {
          close();
          if (target) ui.open({ kind: "newFolder", parentId: target });
        }}>
          <SvgIcon d={ICONS.plus} size={18} />
          {t("folder.new")}
        </Button>
      </div>
      {own && (
        <section aria-label={t("side.myDrive")}>
          <FolderTree root={own} label={t("side.myDrive")} openPath={parents.map((p) => p.id)} onNavigate={close} currentId={shown} />
        </section>
      )}
      <ul className="dr-side-list" role="list">
        {roots.map((r) => {
          const s = special(r);
          if (!s) return null;
          return (
            <li key={r.fileType}>
              <Link {...s.link} className="dr-side-link" aria-current={current(s.match)} onClick={close}>
                <SvgIcon d={s.icon} size={18} />
                <span>{s.label}</span>
              </Link>
            </li>
          );
        })}
        <li>
          <Link {...drivePaths.share()} className="dr-side-link" aria-current={current("/drive/share")} onClick={close}>
            <SvgIcon d={ICONS.share} size={18} />
            <span>{t("side.myShares")}</span>
          </Link>
        </li>
        {trash && (
          <li>
            <Link {...drivePaths.folder(trash.id)} className="dr-side-link" aria-current={current(`/drive/${folderParam(trash.id)}`)} onClick={close}>
              <SvgIcon d={ICONS.trash} size={18} />
              <span>{t("side.trash")}</span>
            </Link>
          </li>
        )}
        {roots.some((r) => r.fileType === "GOOGLE") && (
          <li>
            <Link to={"/drive/external/GOOGLE_DRIVE" as "/drive"} className="dr-side-link" aria-current={current("/drive/external")} onClick={close}>
              <SvgIcon d={ICONS.cloud} size={18} />
              <span>{t("side.google")}</span>
            </Link>
          </li>
        )}
        <li>
          <AriaButton className="dr-side-link dr-side-button" onPress={() => {
            close();
            ui.open({ kind: "networkDrive" });
          }}>
            <SvgIcon d={ICONS.computer} size={18} />
            <span>{t("dav.open")}</span>
          </AriaButton>
        </li>
      </ul>
    </div>
  );
}

export function SideDrawer({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation("drive");
  return <ShellDrawer texts={{ label: t("side.label"), open: t("side.open"), close: t("side.close") }}>{children}</ShellDrawer>;
}
