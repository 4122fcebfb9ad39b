// The board island's queries. Every key starts with "board", so refreshBoards (invalidate ["board"]) refreshes
// everything shown; the narrower keys below let a screen refresh its own part:
//   ["board","tree"]                        GET list (side pane tree with unread counts)
//   ["board","deleted"] / ["board","hidden"] GET deleted / GET hidden
//   ["board","detail",id]                   GET detail/{id}
//   ["board","privilege",id]                GET privilege/{id}
//   ["board","posts",params]                GET post/list
//   ["board","notices",id,size]             GET post/notices
//   ["board","post",postId]                 GET post/{postId}
//   ["board","readers",postId]              GET post/{postId}/readers
//   ["board","search",type,params]          GET search/{type}
//   ["board","replies",postId,page,size]    GET reply/list; ["board","children",replyId,page,size] its children
//   ["board","replyCount",postId]           GET reply/count
//   ["board","feelings",postId]             GET feeling
//   ["board","files",postId]                GET file/find
//   ["board","config"]                      GET config (tags, page sizes, viewType, hidden boards)
//   ["board","mail",id]                     GET {id}/mail
//   ["board","og",url]                      GET og
//   ["board","mailForm",mailId,attach]      GET /api/mails/share/board/form/{mailId}
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import type { SearchType } from "@shared/board/constants.ts";
import * as boardApi from "./api.ts";

export const boardKeys = {
  all: ["board"] as const,
  tree: ["board", "tree"] as const,
  deleted: ["board", "deleted"] as const,
  hidden: ["board", "hidden"] as const,
  detail: (id: number) => ["board", "detail", id] as const,
  privilege: (id: number) => ["board", "privilege", id] as const,
  posts: (q: boardApi.PostListParams) => ["board", "posts", q] as const,
  notices: (id: number, size: number) => ["board", "notices", id, size] as const,
  post: (postId: number) => ["board", "post", postId] as const,
  readers: (postId: number) => ["board", "readers", postId] as const,
  search: (type: SearchType, q: boardApi.SearchParams) => ["board", "search", type, q] as const,
  replies: (postId: number, page: number, pageSize: number) => ["board", "replies", postId, page, pageSize] as const,
  children: (replyId: number, page: number, pageSize: number) => ["board", "children", replyId, page, pageSize] as const,
  replyCount: (postId: number) => ["board", "replyCount", postId] as const,
  feelings: (postId: number) => ["board", "feelings", postId] as const,
  files: (postId: number) => ["board", "files", postId] as const,
  config: ["board", "config"] as const,
  mail: (id: number) => ["board", "mail", id] as const,
  og: (url: string) => ["board", "og", url] as const,
  mailForm: (mailId: number, includeAttach: boolean) => ["board", "mailForm", mailId, includeAttach] as const,
};

export const treeQuery = queryOptions({ queryKey: boardKeys.tree, queryFn: ({ signal }) => boardApi.boardTree(signal) });
export const deletedQuery = queryOptions({ queryKey: boardKeys.deleted, queryFn: ({ signal }) => boardApi.deletedBoards(signal) });
export const hiddenQuery = queryOptions({ queryKey: boardKeys.hidden, queryFn: ({ signal }) => boardApi.hiddenBoards(signal) });
export const detailQuery = (id: number) =>
  queryOptions({ queryKey: boardKeys.detail(id), queryFn: ({ signal }) => boardApi.boardDetail(id, signal), retry: false });
export const privilegeQuery = (id: number) =>
  queryOptions({ queryKey: boardKeys.privilege(id), queryFn: ({ signal }) => boardApi.boardPrivilege(id, signal), retry: false });

export const postsQuery = (q: boardApi.PostListParams) =>
  queryOptions({
    queryKey: boardKeys.posts(q),
    queryFn: ({ signal }) => boardApi.postList(q, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
export const noticesQuery = (id: number, size: number) =>
  queryOptions({ queryKey: boardKeys.notices(id, size), queryFn: ({ signal }) => boardApi.notices(id, size, signal), retry: false });
export const postQuery = (postId: number) =>
  queryOptions({ queryKey: boardKeys.post(postId), queryFn: ({ signal }) => boardApi.post(postId, signal), retry: false });
export const readersQuery = (postId: number) =>
  queryOptions({ queryKey: boardKeys.readers(postId), queryFn: ({ signal }) => boardApi.readers(postId, signal), retry: false });
export const searchQuery = (type: SearchType, q: boardApi.SearchParams) =>
  queryOptions({
    queryKey: boardKeys.search(type, q),
    queryFn: ({ signal }) => boardApi.search(type, q, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const repliesQuery = (postId: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: boardKeys.replies(postId, page, pageSize),
    queryFn: ({ signal }) => boardApi.replies(postId, page, pageSize, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
export const childrenQuery = (replyId: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: boardKeys.children(replyId, page, pageSize),
    queryFn: ({ signal }) => boardApi.childReplies(replyId, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
export const replyCountQuery = (postId: number) =>
  queryOptions({ queryKey: boardKeys.replyCount(postId), queryFn: ({ signal }) => boardApi.replyCount(postId, signal) });
export const feelingsQuery = (postId: number) =>
  queryOptions({ queryKey: boardKeys.feelings(postId), queryFn: ({ signal }) => boardApi.feelings(postId, signal), retry: false });
export const filesQuery = (postId: number) =>
  queryOptions({ queryKey: boardKeys.files(postId), queryFn: ({ signal }) => boardApi.postFiles(postId, signal) });

export const configQuery = queryOptions({ queryKey: boardKeys.config, queryFn: ({ signal }) => boardApi.config(signal), staleTime: 60_000 });
export const mailQuery = (id: number) =>
  queryOptions({ queryKey: boardKeys.mail(id), queryFn: ({ signal }) => boardApi.boardMail(id, signal), retry: false });
export const ogQuery = (url: string) =>
  queryOptions({ queryKey: boardKeys.og(url), queryFn: ({ signal }) => boardApi.og(url, signal), staleTime: 60 * 60_000, retry: false });
export const mailFormQuery = (mailId: number, includeAttach: boolean) =>
  queryOptions({
    queryKey: boardKeys.mailForm(mailId, includeAttach),
    queryFn: ({ signal }) => boardApi.mailPostForm(mailId, includeAttach, signal),
    retry: false,
    staleTime: Infinity,
  });

/** After any change (here, or BOARD_CHANGED through realtime): everything the island shows refetches. */
export function refreshBoards(qc: QueryClient) {
  return qc.invalidateQueries({ queryKey: boardKeys.all });
}
