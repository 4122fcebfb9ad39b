// A board's or special folder's posts (001 §2 /board/{boardId}/{actionObj}): the header, the notice panel on
// 전체 게시물 (every board's latest notices; a board's own notices head its first page, as the list answers
// them, so a panel there would repeat them), the posts as a feed or a list (the address's viewType, else the
// user's board config; switching saves it), the page from the address with the config's page size, a pager,
// and the actions on selected posts (the trash's own). An unknown board, or one the user may not see, goes
// to /board with a validation notice (board.8).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  CARD_PREVIEW_CHARS, DEFAULT_VIEW_TYPE, LIST_PREVIEW_CHARS, POST_PAGE_SIZE, SPECIAL_FOLDERS, type SpecialFolder, type ViewType,
} from "@shared/board/constants.ts";
import type { PostSummary } from "@shared/board/posts.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { saveConfig, setNotice } from "../api.ts";
import { boardErrorText, boardMessage, failed, isBoardGone, succeeded } from "../errors.ts";
import { boardIdOf, boardPaths, parseListAction } from "../paths.ts";
import { boardKeys, configQuery, detailQuery, postsQuery, refreshBoards } from "../queries.ts";
import { BoardHeader } from "./BoardHeader.tsx";
import { ListActions } from "./ListActions.tsx";
import { NoticePanel } from "./NoticePanel.tsx";
import { Pager } from "./Pager.tsx";
import { PostCards } from "./PostCards.tsx";
import { PostTable } from "./PostTable.tsx";
import { TrashActions } from "./TrashActions.tsx";

const folderOf = (id: number) => (Object.keys(SPECIAL_FOLDERS) as SpecialFolder[]).find((k) => SPECIAL_FOLDERS[k] === id);

export function BoardListScreen() {
  const { t } = useTranslation("board");
  const params = useParams({ strict: false }) as { boardId?: string; actionObj?: string };
  const navigate = useNavigate();
  const qc = useQueryClient();
  const boardId = boardIdOf(params.boardId ?? "");
  const action = parseListAction(params.actionObj);
  const folder = boardId === null ? undefined : folderOf(boardId);
  const trash = boardId === SPECIAL_FOLDERS.trash;

  const config = useQuery(configQuery);
  const detail = useQuery({ ...detailQuery(boardId ?? 0), enabled: boardId !== null && boardId > 0 });
  const gone = boardId === null || (detail.isError && isBoardGone(detail.error)) || detail.data?.boardType === "GROUP";
  useEffect(() => {
    if (!gone) return;
    snackbar("VALIDATION", boardMessage("8"), { carry: true });
    void navigate({ ...boardPaths.home(), replace: true });
  }, [gone, navigate]);

  const view: ViewType = trash ? "LIST" : action.viewType ?? config.data?.viewType ?? DEFAULT_VIEW_TYPE;
  const pageSize = config.data?.postPageSize ?? POST_PAGE_SIZE;
  const query = {
    id: boardId ?? 0,
    page: action.page - 1,
    pageSize,
    contentSize: view === "LIST" ? LIST_PREVIEW_CHARS : CARD_PREVIEW_CHARS,
  };
  const posts = useQuery({ ...postsQuery(query), enabled: boardId !== null && !gone && !config.isPending });
  const page = posts.data;

  const go = (a: { viewType?: ViewType; page: number }) =>
    void navigate(boardPaths.list(boardId!, { ...(a.viewType ? { viewType: a.viewType } : {}), ...(a.page > 1 ? { page: a.page } : {}) }));
  const switchView = (v: ViewType) => {
    go({ viewType: v, page: action.page });
    if (config.data?.viewType !== v) {
      saveConfig({ viewType: v }).then((c) => qc.setQueryData(boardKeys.config, c), (e) => failed(e, "view_failed"));
    }
  };
  const unnotice = async (p: PostSummary) => {
    try {
      await setNotice(p.id, false);
      succeeded("131");
    } catch (e) {
      failed(e, "132");
    } finally {
      void refreshBoards(qc);
    }
  };

  if (gone || boardId === null) return null;
  const title = folder ? t(`folder.${folder}`) : detail.data?.name ?? "";
  const back = { ...(action.viewType ? { viewType: action.viewType } : {}), page: action.page };
  return (
    <div className="bd-screen">
      <BoardHeader title={title} detail={detail.data} total={page?.totalElements} view={trash ? undefined : view} onView={switchView} />
      {trash && config.data && <p className="bd-muted">{t("trash.keep", { count: config.data.deletedPostMaxDuration })}</p>}
      {boardId === SPECIAL_FOLDERS.all && <NoticePanel boardId={boardId} />}
      {posts.isError
        ? <p className="bd-error" role="alert">{boardErrorText(posts.error, isBoardGone(posts.error) ? "18" : "19")}</p>
        : (
          <PostsPart key={`${boardId}-${action.page}-${view}`} posts={page?.content ?? []} loading={posts.isPending} boardId={boardId}
            view={view} trash={trash} back={back} caption={title} onUnnotice={boardId === SPECIAL_FOLDERS.notice ? unnotice : undefined} />
        )}
      {page && <Pager page={action.page} totalPages={page.totalPages} onPage={(p) => go({ viewType: action.viewType, page: p })} />}
    </div>
  );
}

/** The posts of one page with their selection (a new page starts with none selected). */
function PostsPart({ posts, loading, boardId, view, trash, back, caption, onUnnotice }: {
  posts: PostSummary[];
  loading: boolean;
  boardId: number;
  view: ViewType;
  trash: boolean;
  back: { viewType?: ViewType; page: number };
  caption: string;
  onUnnotice?: (p: PostSummary) => void;
}) {
  const { t } = useTranslation("board");
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const ids = posts.map((p) => p.id).filter((id) => selected.has(id));
  const all = posts.length > 0 && ids.length === posts.length;
  const onSelect = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const props = { posts, boardId, selected, onSelect, back, showBoard: boardId < 0, trash, onUnnotice, caption };
  return (
    <>
      <div className="bd-select-row">
        <Checkbox isSelected={all} isDisabled={!posts.length} onChange={(on) => setSelected(new Set(on ? posts.map((p) => p.id) : []))}>
          {ids.length ? t("list.selected", { count: ids.length }) : t("list.selectAll")}
        </Checkbox>
        {trash
          ? <TrashActions ids={ids} empty={!posts.length} onDone={() => setSelected(new Set())} />
          : <ListActions ids={ids} boardId={boardId} onDone={() => setSelected(new Set())} />}
      </div>
      {!loading && posts.length === 0 && <p className="bd-empty">{t(trash ? "trash.empty" : "list.empty")}</p>}
      {view === "CARD" ? <PostCards {...props} /> : <PostTable {...props} />}
    </>
  );
}
