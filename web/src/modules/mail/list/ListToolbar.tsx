// The list's toolbar: select all on the page, and the actions on the selection (read, unread, star, move,
// delete, spam or not spam, tags, 업무 등록 where the company uses flow) and on the folder (refresh, read all, empty
// trash or spam). A react-aria Toolbar, so
// arrow keys move between its buttons; the move and tag pickers are react-aria menus. On small screens it keeps
// one row: read, move, delete and refresh stay buttons, the other actions go into a "more" menu (ToolbarMore).
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator, Toolbar } from "react-aria-components";
import type { MailFolder } from "@shared/mail/folders.ts";
import type { MailListItem } from "@shared/mail/reading.ts";
import { flattenWithDepth, moveMenuIndent } from "../queries.ts";
import { folderName } from "../folders/folder-meta.ts";
import { MailIcon, type MailIconName } from "../icons.tsx";
import { useSmallScreen } from "../open.ts";
import { useFlowUsed } from "../flow-task/api.ts";
import { MakeTaskDialog } from "../flow-task/MakeTaskDialog.tsx";
import { fetchTags } from "./actions.ts";
import { type MoreAction, ToolbarMore } from "./ToolbarMore.tsx";
import type { useListActions } from "./useListActions.ts";

/** Folder types mails can be moved into by the list (the server's MOVE_TARGETS). */
const MOVE_TARGET_TYPES = ["INBOX", "TOME", "SENT", "PRIVATE", "DELETED"];

export interface ListToolbarProps {
  folder: MailFolder | undefined;
  tree: MailFolder[] | undefined;
  pageMails: MailListItem[];
  selected: MailListItem[];
  actions: ReturnType<typeof useListActions>;
  isSearch: boolean;
  onSelectAll(all: boolean): void;
  onRefresh(): void;
  helpButton: React.ReactNode;
}

function ToolButton({ icon, label, onPress, isDisabled }: { icon: MailIconName; label: string; onPress(): void; isDisabled?: boolean }) {
  return (
    <Button className="mail-tool" onPress={onPress} isDisabled={isDisabled} aria-label={label}>
      <MailIcon name={icon} size={16} />
      <span className="mail-tool-label">{label}</span>
    </Button>
  );
}

/** A toolbar button that opens a menu (move to, tags): the button looks like ToolButton; `children` is the Menu. */
function ToolMenu({ icon, label, isDisabled, onOpenChange, children }: {
  icon: MailIconName;
  label: string;
  isDisabled?: boolean;
  onOpenChange?(open: boolean): void;
  children: ReactNode;
}) {
  return (
    <MenuTrigger onOpenChange={onOpenChange}>
      <Button className="mail-tool" isDisabled={isDisabled} aria-label={label}>
        <MailIcon name={icon} size={16} />
        <span className="mail-tool-label">{label}</span>
      </Button>
      <Popover className="menu-popover" placement="bottom start">{children}</Popover>
    </MenuTrigger>
  );
}

export function ListToolbar(p: ListToolbarProps) {
  const { t } = useTranslation("mail");
  const all = useRef<HTMLInputElement>(null);
  const [tagMenuOpen, setTagMenuOpen] = useState(false);
  const tags = useQuery({ queryKey: ["mail", "tag-list"], queryFn: fetchTags, enabled: tagMenuOpen, staleTime: 0 });
  const count = p.selected.length;
  const none = count === 0;
  const allOnPage = p.pageMails.length > 0 && count === p.pageMails.length;
  useEffect(() => {
    if (all.current) all.current.indeterminate = count > 0 && !allOnPage;
  }, [count, allOnPage]);

  const type = p.folder?.folderType;
  const shared = p.actions.shared;
  const canEdit = p.actions.canEdit;
  const trashLike = type === "DELETED" || type === "SPAM";
  const allStarred = !none && p.selected.every((m) => m.importantStatus === 1);
  const run = (fn: () => Promise<unknown>) => void fn();
  // Each with its depth, so sub-folders are indented under their parents (as in the reader's Move menu).
  const moveTargets = flattenWithDepth(p.tree ?? [])
    .filter(({ folder: f }) => MOVE_TARGET_TYPES.includes(f.folderType) && f.id !== p.folder?.id)
    .map((x) => ({ ...x, id: String(x.folder.id) }));
  const onSelected = new Set(p.selected.flatMap((m) => m.tags));
  const phone = useSmallScreen();
  const flowUsed = useFlowUsed();
  // The mails being made into tasks (one task each), while the dialog is open.
  const [taskMailIds, setTaskMailIds] = useState<number[] | null>(null);

  const moveMenu = (
    <Menu
      className="menu"
      aria-label={t("list.action.moveTo")}
      items={moveTargets}
      onAction={(key) => {
        const to = moveTargets.find((x) => x.id === String(key))?.folder;
        if (to) run(() => p.actions.move(p.selected, to));
      }}
    >
      {({ folder: f, depth }) => (
        <MenuItem className="menu-item" id={String(f.id)} textValue={folderName(f, t)}>
          <span style={{ paddingInlineStart: moveMenuIndent(f, depth) }}>{folderName(f, t)}</span>
        </MenuItem>
      )}
    </Menu>
  );
  const tagMenu = (
    <Menu
      className="menu"
      aria-label={t("list.action.tag")}
      onAction={(key) => {
        const [kind, ...rest] = String(key).split(":");
        run(() => p.actions.tag(kind === "del" ? "delete" : "add", rest.join(":"), p.selected));
      }}
    >
      <MenuSection>
        <Header className="menu-header-small">{t("list.tag.add")}</Header>
        {/* Each placeholder has its own key: react-aria refuses an item whose id changes in place. */}
        {tags.isPending
          ? <MenuItem key="loading" className="menu-item" id="loading" isDisabled>{t("list.tag.loading")}</MenuItem>
          : (tags.data?.content ?? []).length === 0
          ? <MenuItem key="none" className="menu-item" id="none" isDisabled>{t("list.tag.none")}</MenuItem>
          : (tags.data?.content ?? []).map((tag) => (
            <MenuItem key={tag.id} className="menu-item" id={`add:${tag.tag}`} textValue={tag.tag}>
              <span className="mail-tag" style={tag.color ? { ["--tag-color" as string]: tag.color, borderColor: tag.color } : undefined}>
                <span className="mail-tag-dot" aria-hidden="true" />#{tag.tag}
              </span>
            </MenuItem>
          ))}
      </MenuSection>
      {onSelected.size > 0 && <Separator className="menu-separator" />}
      {onSelected.size > 0 && (
        <MenuSection>
          <Header className="menu-header-small">{t("list.tag.remove")}</Header>
          {[...onSelected].map((tag) => (
            <MenuItem key={tag} className="menu-item" id={`del:${tag}`} textValue={tag}>#{tag}</MenuItem>
          ))}
        </MenuSection>
      )}
    </Menu>
  );

  // What the phone toolbar's "more" menu holds: the same actions, under the same conditions, as the buttons.
  const markUnread = { id: "unread", label: t("list.action.markUnread"), isDisabled: none, run: () => run(() => p.actions.setRead(p.selected, false)) };
  const star = { id: "star", label: t(allStarred ? "list.action.unstar" : "list.action.star"), isDisabled: none,
    run: () => run(() => p.actions.setStar(p.selected, !allStarred)) };
  const canReport = !shared && type !== "SPAM" && type !== "SENT" && type !== "DRAFTS";
  const report = { id: "report", label: t("list.action.report"), isDisabled: none, run: () => run(() => p.actions.report(p.selected)) };
  const canNotSpam = !shared && type === "SPAM";
  const notSpam = { id: "notSpam", label: t("list.action.notSpam"), isDisabled: none, run: () => run(() => p.actions.notSpam(p.selected)) };
  const canReadAll = !shared && !p.isSearch && type !== "SEARCH";
  const readAll = { id: "readAll", label: t("list.action.readAll"), isDisabled: !p.pageMails.length, run: () => run(p.actions.readAll) };
  const canEmpty = !shared && trashLike && !p.isSearch;
  const empty = { id: "empty", label: t(type === "SPAM" ? "list.action.emptySpam" : "list.action.empty"), run: () => run(p.actions.empty) };
  // The selected mails made into tasks (the reader's 업무 등록, for several at once): the user's own mails only.
  const canMakeTask = flowUsed && !shared && type !== "DRAFTS";
  const makeTask = { id: "flowTask", label: t("flowTask.menu"), isDisabled: none, run: () => setTaskMailIds(p.selected.map((m) => m.mailId)) };
  const moreBefore: MoreAction[] = [
    ...(canEdit ? [markUnread, star] : []), ...(canReport ? [report] : []), ...(canNotSpam ? [notSpam] : []), ...(canMakeTask ? [makeTask] : []),
  ];
  const moreAfter: MoreAction[] = [...(canReadAll ? [readAll] : []), ...(canEmpty ? [empty] : [])];

  return (
    <div className="mail-toolbar-row">
      <label className="mail-select-all">
        <input
          ref={all}
          type="checkbox"
          checked={allOnPage}
          disabled={!p.pageMails.length}
          onChange={(e) => p.onSelectAll(e.target.checked)}
        />
        <span className="visually-hidden">{t("list.toolbar.selectAll")}</span>
      </label>
      <Toolbar className="mail-toolbar" aria-label={t("list.toolbar.label")}>
        {/* A folder shared with read permission only offers no changes (shared-access.ts). */}
        {canEdit && (
          <ToolButton icon="read" label={t("list.action.markRead")} isDisabled={none} onPress={() => run(() => p.actions.setRead(p.selected, true))} />
        )}
        {canEdit && !phone && (
          <>
            <ToolButton icon="unread" label={markUnread.label} isDisabled={none} onPress={markUnread.run} />
            <ToolButton icon="star" label={star.label} isDisabled={none} onPress={star.run} />
          </>
        )}
        {!shared && (
          <ToolMenu icon="move" label={t("list.action.move")} isDisabled={none}>
            {moveMenu}
          </ToolMenu>
        )}
        {canEdit && (
          <ToolButton
            icon="trash"
            label={t(trashLike && !shared ? "list.action.deleteForever" : "list.action.delete")}
            isDisabled={none}
            onPress={() => run(() => p.actions.remove(p.selected))}
          />
        )}
        {canReport && !phone && <ToolButton icon="spam" label={report.label} isDisabled={none} onPress={report.run} />}
        {canNotSpam && !phone && <ToolButton icon="inbox" label={notSpam.label} isDisabled={none} onPress={notSpam.run} />}
        {!shared && !phone && (
          <ToolMenu icon="tag" label={t("list.action.tag")} isDisabled={none} onOpenChange={setTagMenuOpen}>
            {tagMenu}
          </ToolMenu>
        )}
        {/* Only with mails selected: the toolbar's one row (screens-fit) has no room for one more idle button. */}
        {canMakeTask && !phone && !none && <ToolButton icon="task" label={makeTask.label} onPress={makeTask.run} />}
        <span className="mail-toolbar-gap" />
        <ToolButton icon="refresh" label={t("list.action.refresh")} onPress={p.onRefresh} />
        {canReadAll && !phone && <ToolButton icon="read" label={readAll.label} isDisabled={readAll.isDisabled} onPress={readAll.run} />}
        {canEmpty && !phone && <ToolButton icon="trash" label={empty.label} onPress={empty.run} />}
        {phone && (moreBefore.length > 0 || moreAfter.length > 0 || !shared) && (
          <ToolbarMore label={t("list.action.more")} before={moreBefore} after={moreAfter} onOpenChange={setTagMenuOpen}
            tag={shared ? undefined : { label: t("list.action.tag"), isDisabled: none, menu: tagMenu }} />
        )}
        {p.helpButton}
      </Toolbar>
      {taskMailIds && <MakeTaskDialog mailIds={taskMailIds} onClose={() => setTaskMailIds(null)} />}
    </div>
  );
}
