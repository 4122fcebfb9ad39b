// The item detail panel (002 §2 "An item opens in a detail panel when both groupId and itemId are set", §3
// "Item detail", §8): a side panel beside the board (the whole screen on phones) with the item's title and
// counters, its content (rich text), checklist, files, comments and sub-items. The focus moves into the panel
// when it opens and back where it was when it closes; Escape closes it. An item that is gone (404
// todo.item_not_found "해당 아이템이 존재하지 않습니다") closes it with that text.
import { useCallback, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useRouter } from "@tanstack/react-router";
import { CHECKLIST_MAX, CHECKLIST_TITLE_MAX, COMMENT_MAX } from "@shared/todo/constants.ts";
import { errorText } from "../../../lib/i18n.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Icon } from "../../../ui/icons.tsx";
import { Checklist } from "../../../ui/work/Checklist.tsx";
import { Comments } from "../../../ui/work/Comments.tsx";
import type { ItemDetailPanelProps } from "../board/view-props.ts";
import { boardPath, parseActionObj } from "../paths.ts";
import { DetailContent } from "./DetailContent.tsx";
import { DetailFiles } from "./DetailFiles.tsx";
import { SubItems } from "./SubItems.tsx";
import { detailErrorText, isItemGone } from "./feedback.ts";
import { useDetailActions, useItemDetail } from "./use-detail.ts";
import "../../../ui/work/work.css";
import "./detail.css";

type OpenItem = (item: { groupId: number; itemId: number; parentId?: number }) => void;

export function ItemDetailPanel(props: ItemDetailPanelProps & { openItem?: OpenItem }) {
  const { workspaceId, boardId, groupId, itemId, parentId, canEdit, onClose } = props;
  const { t } = useTranslation("todo");
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const router = useRouter();
  const detail = useItemDetail(itemId, boardId);

  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const gone = useCallback(() => closeRef.current(), []);
  const actions = useDetailActions(itemId, boardId, gone);

  /** Another item of the board in this panel (a sub-item, or back to the parent): the frame's opener, else the
   *  board's address with the actionObj's other fields kept. */
  const open: OpenItem = props.openItem ?? ((it) => {
    const action = parseActionObj(router.state.location.pathname.split("/")[4] ?? "") ?? {};
    void router.history.push(boardPath(workspaceId, boardId, { ...action, groupId: it.groupId, itemId: it.itemId, parentId: it.parentId }));
  });

  // The focus comes into the panel (its title) and goes back where it was when the panel closes.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, []);
  useEffect(() => {
    heading.current?.focus();
  }, [itemId]);

  // 002 §8: a vanished item closes the panel with its text, which stays on the board the close leads to.
  useEffect(() => {
    if (detail.error && isItemGone(detail.error)) {
      snackbar("ERROR", errorText("todo.item_not_found"), { carry: true });
      closeRef.current();
    }
  }, [detail.error]);

  const d = detail.data;
  return (
    <aside className="td-detail" role="dialog" aria-modal="false" aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key === "Escape" && !e.defaultPrevented && !e.nativeEvent.isComposing) {
          e.preventDefault();
          onClose();
        }
      }}>
      <header className="td-detail-head">
        {parentId ? (
          <Button variant="ghost" className="wk-small td-detail-up" onPress={() => open({ groupId, itemId: parentId })}>
            {t("detail.toParent")}
          </Button>
        ) : null}
        <h1 id={titleId} ref={heading} tabIndex={-1} className="td-detail-title">{d?.title ?? t("detail.title")}</h1>
        <Button variant="ghost" className="icon-button td-detail-close" aria-label={t("detail.close")} onPress={onClose}>
          <Icon name="close" size={20} />
        </Button>
      </header>
      {d && (
        <p className="td-detail-counters wk-muted">
          <span>{t("detail.checkCounter", { done: d.checkListDoneCnt, total: d.checkListCnt })}</span>
          <span>{t("detail.fileCounter", { count: d.attachCnt })}</span>
          <span>{t("detail.commentCounter", { count: d.commentCnt })}</span>
        </p>
      )}
      <div className="td-detail-body">
        {detail.isPending && <p className="wk-muted">{t("detail.loading")}</p>}
        {detail.isError && !isItemGone(detail.error) && (
          <div className="td-detail-failed" role="alert">
            <p>{detailErrorText(detail.error, "load")}</p>
            <Button variant="secondary" className="wk-small" onPress={() => void detail.refetch()}>{t("detail.retry")}</Button>
          </div>
        )}
        {d && (
          <>
            <DetailContent itemId={itemId} content={d.content} canEdit={canEdit} onSave={actions.saveContent} />
            <div className="td-detail-section">
              <Checklist entries={d.checkList} canEdit={canEdit} titleMax={CHECKLIST_TITLE_MAX} entriesMax={CHECKLIST_MAX}
                onAdd={actions.addChecklist}
                onRename={(id, title) => actions.renameChecklist(Number(id), title)}
                onCheck={(id, checked) => actions.checkChecklist(Number(id), checked)}
                onDelete={(id) => actions.deleteChecklist(Number(id))} />
            </div>
            <DetailFiles itemId={itemId} boardId={boardId} files={d.fileList} canEdit={canEdit} actions={actions} />
            {!parentId && <SubItems groupId={groupId} itemId={itemId} open={open} />}
            <div className="td-detail-section">
              <Comments canAdd={canEdit} contentMax={COMMENT_MAX}
                comments={d.commentList.map((c) => ({
                  id: c.id, authorName: c.userName, time: c.createdTime, edited: c.updatedTime > c.createdTime, content: c.content,
                  editable: c.mine, deletable: c.mine,
                }))}
                onAdd={actions.addComment}
                onEdit={(id, content) => actions.editComment(Number(id), content)}
                onDelete={async (id) => {
                  if (await confirm({ message: t("detail.confirmDeleteComment"), confirmLabel: t("detail.delete"), danger: true })) {
                    await actions.deleteComment(Number(id));
                  }
                }} />
            </div>
          </>
        )}
      </div>
    </aside>
  );
}
