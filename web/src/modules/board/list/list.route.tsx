// /board/{boardId} and /board/{boardId}/{actionObj}: a board's or a special folder's posts (BoardListScreen).
import { createLazyRoute } from "@tanstack/react-router";
import { BoardListScreen } from "./BoardListScreen.tsx";

export const ListRoute = createLazyRoute("/app/board/$boardId")({ component: BoardListScreen });
export const ListActionRoute = createLazyRoute("/app/board/$boardId/$actionObj")({ component: BoardListScreen });
