// The mail folder pane (000 §2, §3 "Folder", §4 moving and deleting, §5 "Folders", "Tags"): "write mail" and
// "write to me" at the top, the folder tree with counts, colours, remembered open/closed folders, context
// menus and drag and drop, and the quota bar at the bottom. Dialogs for names, colours, tags, moving (the
// keyboard's way to do what dragging does) and sharing open from the menus. In the phone drawer (layout/
// FolderDrawer.tsx) `onLeave` closes the drawer once a folder or the compose screen is chosen.
import { useMemo, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { MailFolder } from "@shared/mail/folders.ts";
import { ApiError } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { confirm, inform } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { ShareDialog } from "../../../app/share/ShareDialog.tsx";
import { Button } from "../../../ui/Button.tsx";
import { MailIcon } from "../icons.tsx";
import { useMailOpeners } from "../open.ts";
import { COMPOSE_TYPES, decodeJson, type FolderRef, mailPaths, parseListAction } from "../route-params.ts";
import { findFolder, flattenFolders, foldersQuery, mailConfigQuery } from "../queries.ts";
import { folderApi } from "./folder-api.ts";
import { deleteBlocker, type FolderAction, folderName, folderTarget, isCurrentFolder, keyOf, type TreeFolder } from "./folder-meta.ts";
import { ColorDialog, NameDialog, TagDialog } from "./FolderDialogs.tsx";
import { FolderMenu } from "./FolderMenu.tsx";
import { FolderTree } from "./FolderTree.tsx";
import { MoveFolderDialog } from "./MoveFolderDialog.tsx";
import { moveMailsWithFeedback, parseMailDrag } from "./move-mails.ts";
import { QuotaBar } from "./QuotaBar.tsx";
import { confirmMove } from "../list/move-rules.ts";
import { useExpanded } from "./use-expanded.ts";
import "./folders.css";

type DialogState =
  | { kind: "create" | "rename" | "move" | "searchEdit" | "color" | "tagAdd" | "tagEdit" | "share"; folder: TreeFolder }
  | null;

function ownerIdOf(actionObj: string | undefined): number | undefined {
  const o = decodeJson(actionObj);
  return parseListAction(o?.list ?? o).ownerId;
}

export function FolderPane({ currentFolderId, onLeave }: { currentFolderId: FolderRef | undefined; onLeave?(): void }) {
  const { t } = useTranslation("mail");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { openCompose } = useMailOpeners();
  const params = useParams({ strict: false }) as { actionObj?: string };
  const ownerId = ownerIdOf(params.actionObj);
  const folders = useQuery(foldersQuery);
  // The smart mailbox shows only while it is on (mail settings, tab 'smart').
  const smartOn = useQuery(mailConfigQuery).data?.smartMailbox ?? false;
  const tree = useMemo(() => (folders.data ?? []).filter((f) => smartOn || f.folderType !== "SMART"), [folders.data, smartOn]);
  const [expanded, setExpanded] = useExpanded(tree);
  const [menu, setMenu] = useState<{ folder: TreeFolder; anchor: Element } | null>(null);
  const [dialog, setDialog] = useState<DialogState>(null);

  const current = findFolder(tree, currentFolderId);
  const composeFolder: FolderRef = current && typeof current.id === "number" && !ownerId ? current.id : inboxId(tree) ?? "all";

  const fail = (e: unknown) => snackbar("ERROR", errorText(e instanceof ApiError ? e.code : "common.500"));

  function open(f: TreeFolder) {
    const target = folderTarget(f);
    if (!target) {
      const key = keyOf(f);
      const next = new Set(expanded);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      setExpanded(next);
      return;
    }
    onLeave?.();
    void navigate(mailPaths.list(target.folderId, 1, target.action));
  }

  async function act(f: TreeFolder, action: FolderAction) {
    setMenu(null);
    const name = folderName(f, t);
    try {
      switch (action) {
        case "create":
        case "rename":
        case "move":
        case "searchEdit":
        case "color":
        case "tagAdd":
        case "tagEdit":
        case "share":
          setDialog({ kind: action, folder: f });
          return;
        case "delete": {
          // Sub-folders or mails inside: say so instead of asking, then being refused (mail.10, mail.11).
          const blocker = deleteBlocker(f);
          if (blocker) {
            await inform({ title: t("folders.deleteBlocked.title"), message: t(`folders.deleteBlocked.${blocker}`, { name, count: f.totalCount }) });
            return;
          }
          if (!await confirm({ message: t("folders.confirmDelete", { name }), confirmLabel: t("folders.action.delete"), danger: true })) return;
          await folderApi.remove(qc, Number(f.id));
          snackbar("SUCCESS", t("folders.deleted", { name }), { carry: true });
          if (isCurrentFolder(f, currentFolderId, ownerId)) void navigate({ to: "/mail" });
          return;
        }
        case "readAll":
          await folderApi.readAll(qc, f.id);
          snackbar("SUCCESS", t("folders.readAllDone", { name }));
          return;
        case "empty":
          if (!await confirm({ message: t(f.folderType === "SPAM" ? "folders.confirmEmptySpam" : "folders.confirmEmptyTrash"), confirmLabel: t("folders.action.empty"), danger: true })) return;
          try {
            await folderApi.empty(qc, Number(f.id));
          } catch (e) {
            snackbar("ERROR", e instanceof ApiError && e.code !== "common.500" ? errorText(e.code) : t("folders.emptyFailed"));
            return;
          }
          snackbar("SUCCESS", t("folders.emptied"));
          return;
        case "sync":
          try {
            await folderApi.sync(qc);
            snackbar("SUCCESS", t("folders.syncDone"));
          } catch {
            snackbar("ERROR", t("folders.syncFailed"));
          }
          return;
        case "tagDelete":
          if (!await confirm({ message: t("folders.confirmTagDelete", { name }), confirmLabel: t("folders.action.tagDelete"), danger: true })) return;
          await folderApi.tag(qc, "delete", f.id);
          snackbar("SUCCESS", t("folders.tagDeleted", { name }), { carry: true });
          if (isCurrentFolder(f, currentFolderId, ownerId)) void navigate({ to: "/mail" });
          return;
      }
    } catch (e) {
      fail(e);
    }
  }

  /** Moves a folder (dragged, or from its menu's dialog); inside another, that one opens. Errors go to the caller. */
  async function moveFolderTo(key: string, targetKey: string, position: "before" | "next" | "inner") {
    await folderApi.move(qc, key, targetKey, position);
    if (position !== "inner") return;
    setExpanded(new Set([...expanded, targetKey]));
    const target = flattenFolders(tree).find((f) => keyOf(f) === targetKey);
    const dest = target && folderTarget(target);
    if (dest) void navigate(mailPaths.list(dest.folderId, 1, dest.action));
  }
  async function moveFolder(key: string, target: TreeFolder, position: "before" | "next" | "inner") {
    try {
      await moveFolderTo(key, keyOf(target), position);
    } catch (e) {
      fail(e);
    }
  }

  async function dropMails(text: string, target: TreeFolder) {
    const data = parseMailDrag(text);
    if (!data || typeof target.id !== "number") return;
    if (String(data.folderId) === String(target.id)) return;
    // The same confirmations as the list's move (000 §4): starred or scheduled mails to Trash, the Sent rule.
    if (!await confirmMove(data.rows, target.folderType, t)) return;
    await moveMailsWithFeedback(data.mailIds, target.id, folderName(target, t), qc);
  }

  const tags = flattenFolders(tree).filter((f) => f.folderType === "TAG").map((f) => f.tag ?? f.nameFolder);
  const d = dialog;

  return (
    <div className="mf-pane">
      <div className="mf-write">
        <Button className="mf-write-main" onPress={() => {
          onLeave?.();
          openCompose(composeFolder, 1);
        }}>
          <MailIcon name="draft" size={16} /> {t("folders.write")}
        </Button>
        <Button variant="secondary" className="mf-write-me" onPress={() => {
          onLeave?.();
          openCompose(composeFolder, 1, { type: COMPOSE_TYPES.TOME });
        }}>
          {t("folders.writeToMe")}
        </Button>
      </div>
      <div className="mf-tree-wrap">
        {folders.isError && (
          <div role="alert" className="mf-error">
            {errorText(folders.error instanceof ApiError ? folders.error.code : "common.500")}
            <Button variant="ghost" onPress={() => void folders.refetch()}>{t("folders.retry")}</Button>
          </div>
        )}
        {folders.isPending && <p className="mf-loading">{t("folders.loading")}</p>}
        {tree.length > 0 && (
          <FolderTree tree={tree} current={currentFolderId} ownerId={ownerId} expanded={expanded} onExpandedChange={setExpanded}
            onOpen={open} onMenu={(folder, anchor) => setMenu({ folder, anchor })} onMoveFolder={(k, f, p) => void moveFolder(k, f, p)}
            onDropMails={(text, f) => void dropMails(text, f)} />
        )}
      </div>
      <QuotaBar />

      {menu && <FolderMenu folder={menu.folder} anchor={menu.anchor} onClose={() => setMenu(null)} onAction={(a) => void act(menu.folder, a)} />}
      {d?.kind === "create" && (
        <NameDialog title={t("folders.createTitle", { name: folderName(d.folder, t) })} label={t("folders.nameLabel")} submitLabel={t("folders.create")}
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            const parent = d.folder.folderType === "PRIVATE" ? Number(d.folder.id) : undefined;
            await folderApi.create(qc, name, parent);
            setExpanded(new Set([...expanded, keyOf(d.folder)]));
            snackbar("SUCCESS", t("folders.created", { name }));
          }} />
      )}
      {(d?.kind === "rename" || d?.kind === "searchEdit") && (
        <NameDialog title={t(d.kind === "rename" ? "folders.renameTitle" : "folders.searchEditTitle")} label={t("folders.nameLabel")}
          initial={d.folder.nameFolder} submitLabel={t("folders.save")} onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            if (d.kind === "rename") await folderApi.rename(qc, Number(d.folder.id), name);
            else await folderApi.renameSearch(qc, d.folder, name);
            snackbar("SUCCESS", t("folders.renamed", { name }));
          }} />
      )}
      {d?.kind === "move" && (
        <MoveFolderDialog folder={d.folder} tree={tree} onClose={() => setDialog(null)}
          onSubmit={async (targetKey, position) => {
            await moveFolderTo(keyOf(d.folder), targetKey, position);
            snackbar("SUCCESS", t("folders.moved", { name: d.folder.nameFolder }));
          }} />
      )}
      {d?.kind === "color" && (
        <ColorDialog title={t("folders.colorTitle", { name: folderName(d.folder, t) })} initial={d.folder.color} onClose={() => setDialog(null)}
          onSubmit={(color) => folderApi.color(qc, Number(d.folder.id), color)} />
      )}
      {(d?.kind === "tagAdd" || d?.kind === "tagEdit") && (
        <TagDialog title={t(d.kind === "tagAdd" ? "folders.tagAddTitle" : "folders.tagEditTitle")} existing={tags}
          initial={d.kind === "tagEdit" ? { tag: d.folder.tag ?? d.folder.nameFolder, color: d.folder.color } : undefined}
          onClose={() => setDialog(null)}
          onSubmit={async (tag, color) => {
            if (d.kind === "tagAdd") {
              if (!await confirm({ message: t("folders.confirmTagAdd", { name: tag }) })) return false;
              await folderApi.tag(qc, "add", d.folder.id, tag, color);
              snackbar("SUCCESS", t("folders.tagAdded", { name: tag }));
            } else {
              const old = d.folder.tag ?? d.folder.nameFolder;
              await folderApi.tag(qc, "update", d.folder.id, tag === old ? undefined : tag, color);
              snackbar("SUCCESS", t("folders.tagSaved", { name: tag }), { carry: true });
              if (tag !== old && isCurrentFolder(d.folder, currentFolderId, ownerId)) void navigate(mailPaths.list(`t_${tag}`, 1));
            }
          }} />
      )}
      {d?.kind === "share" && (
        <ShareDialog moduleType="MAIL" objectId={String(d.folder.id)} title={t("folders.shareTitle", { name: folderName(d.folder, t) })}
          onClose={() => setDialog(null)} onChanged={() => void qc.invalidateQueries({ queryKey: ["mail", "folders"] })} />
      )}
    </div>
  );
}

function inboxId(tree: MailFolder[]): number | undefined {
  const inbox = flattenFolders(tree).find((f) => f.folderType === "INBOX");
  return typeof inbox?.id === "number" ? inbox.id : undefined;
}
