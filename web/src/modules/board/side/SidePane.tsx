// The board side pane (001 §2): "글쓰기" to the editor with the board shown (beside it, on wide screens, the
// same editor in a popup window), the special folders (전체 게시물,
// 내가 쓴 글, 나를 언급한 글, 공지, 휴지통) with their unread counts, the tree of groups, boards and sub-boards
// (BoardTree), and the links to the hidden boards and the settings. On phones it sits in the shell's drawer,
// closed by picking an entry.
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useRouterState } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { SPECIAL_FOLDERS, type SpecialFolder } from "@shared/board/constants.ts";
import type { BoardNode } from "@shared/board/boards.ts";
import { useCloseDrawer } from "../../../app/shell/SideDrawer.tsx";
import { Button } from "../../../ui/Button.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { useNarrowScreen } from "../../../ui/narrow.ts";
import { boardPaths } from "../paths.ts";
import { treeQuery } from "../queries.ts";
import { openWritePopup } from "../write/open.ts";
import { BoardTree } from "./BoardTree.tsx";
import { UnreadBadge } from "./UnreadBadge.tsx";
import { currentBoardOf } from "./current.ts";

/** The folders in the pane's order (the notice folder before the trash). */
const FOLDERS: SpecialFolder[] = ["all", "my", "mention", "notice", "trash"];
/** "Open in a new window". */
const NEW_WINDOW = "M14 3h7v7M21 3l-9 9M19 14v5a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h5";

export function SidePane() {
  const { t } = useTranslation("board");
  const close = useCloseDrawer();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const current = currentBoardOf(pathname);
  const narrow = useNarrowScreen();
  const tree = useQuery(treeQuery);
  const nodes = tree.data?.boards ?? [];
  const folderNode = (id: number) => nodes.find((n) => n.id === id);
  const boards = nodes.filter((n) => n.id > 0);

  return (
    <div className="bd-side-inner">
      <div className="bd-write-row">
        <Button className="bd-write" onPress={() => {
          close();
          void navigate(boardPaths.write(current));
        }}>
          {t("side.write")}
        </Button>
        {!narrow && (
          <Button variant="secondary" className="bd-write-popup" aria-label={t("side.writePopup")}
            onPress={() => void openWritePopup(current !== null && current > 0 ? { boardId: current } : {})}>
            <SvgIcon d={NEW_WINDOW} size={18} />
          </Button>
        )}
      </div>
      <ul className="bd-side-list" aria-label={t("side.folders")}>
        {FOLDERS.map((f) => {
          const id = SPECIAL_FOLDERS[f];
          const n: BoardNode | undefined = folderNode(id);
          return (
            <li key={f}>
              <Link {...boardPaths.list(id)} className="bd-side-link" aria-current={current === id ? "page" : undefined} onClick={close}>
                <span className="bd-side-name">{t(`folder.${f}`)}</span>
                <UnreadBadge count={n?.unreadCount ?? 0} />
              </Link>
            </li>
          );
        })}
      </ul>
      <section className="bd-side-group" aria-labelledby="bd-side-boards">
        <h2 id="bd-side-boards" className="bd-side-heading">{t("side.boards")}</h2>
        {tree.isError && <p className="bd-muted bd-pad" role="alert">{t("messages.1")}</p>}
        {tree.isSuccess && boards.length === 0 && <p className="bd-muted bd-pad">{t("side.noBoards")}</p>}
        {boards.length > 0 && <BoardTree nodes={boards} current={current} onPick={close} />}
      </section>
      <ul className="bd-side-list bd-side-group" aria-label={t("side.more")}>
        <li>
          <Link {...boardPaths.config("hidden")} className="bd-side-link" onClick={close}>
            <span className="bd-side-name">{t("side.hidden")}</span>
          </Link>
        </li>
        <li>
          <Link {...boardPaths.config("manage")} className="bd-side-link" onClick={close}>
            <span className="bd-side-name">{t("side.settings")}</span>
          </Link>
        </li>
      </ul>
    </div>
  );
}
