// Boards (001 §2 "Boards", §3 "Board", "Post", "Reply", "Board config", §4, §5, §9): the special folders, the
// spec's limits, reactions, privileges and the realtime topics. No zod here: router-level web code imports it.

/** The special folders a board id may name (001 §2): every board, my posts, posts mentioning me, trash, notices. */
export const SPECIAL_FOLDERS = { all: -1, my: -2, mention: -3, trash: -4, notice: -5 } as const;
export type SpecialFolder = keyof typeof SPECIAL_FOLDERS;
export const SPECIAL_IDS: readonly number[] = Object.values(SPECIAL_FOLDERS);
export const isSpecialFolderId = (id: number) => SPECIAL_IDS.includes(id);

/** 001 §9 "Boards". */
export const FILES_PER_POST = 10;
export const FREE_PLAN_BOARDS = 5;
export const RESTORE_DAYS = 7;
export const POST_PAGE_SIZE = 10;
export const REPLY_PAGE_SIZE = 10;
export const PAGE_SIZE_MAX = 50;
export const LIST_PREVIEW_CHARS = 100;
/** The feed (CARD) asks this many characters of each post's text when no contentSize is given. */
export const CARD_PREVIEW_CHARS = 300;
export const NOTICE_PANEL_SIZE = 5;
/** Unread counts (the tree's badges) look at the posts of the last this many days; the caller's own posts are read. */
export const UNREAD_WINDOW_DAYS = 30;
export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_ALL_PAGE_SIZE = 5;
export const KEYWORD_MAX = 50;
/** Designed: a search counts its matches up to this many (SearchResult.totalCapped beyond it). */
export const SEARCH_COUNT_MAX = 1000;
export const SEARCH_REFRESH_REDIRECT_MS = 1500;

/** Designed (the spec does not give them). */
export const BOARD_NAME_MAX = 50;
export const BOARD_DESCRIPTION_MAX = 200;
export const BOARD_DEPTH_MAX = 3;
export const POST_TITLE_MAX = 200;
/** Sanitised HTML of a post, in characters. */
export const POST_CONTENT_MAX = 1_000_000;
export const REPLY_CONTENT_MAX = 5_000;
export const FILE_MAX_BYTES = 100 * 1024 * 1024;
/** Images placed inside a post's content (inline, not counted among the 10 files). */
export const INLINE_IMAGES_MAX = 50;
export const INLINE_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/bmp"] as const;
export const TAG_NAME_MAX = 20;
export const TAGS_PER_POST = 10;
export const TAGS_MAX = 100;
export const MEMBERS_MAX = 1000;
export const MANAGERS_MAX = 20;
export const IDS_MAX = 500;
export const MAIL_FILTERS_MAX = 50;
export const MAIL_LOCAL_PART = /^[a-z0-9][a-z0-9._-]{0,62}$/;
/** A post's must-read reminder goes at most once in this long; its author hears of reactions at most once a minute. */
export const REMIND_INTERVAL_MS = 60 * 60_000;
export const FEEL_NOTICE_INTERVAL_MS = 60_000;
/** The daily digest (board_user_configs.digest) goes out from this hour (Asia/Seoul); unread must-read posts
 *  are listed in it while they are younger than MUST_READ_DIGEST_DAYS. */
export const DIGEST_HOUR = 8;
export const MUST_READ_DIGEST_DAYS = 30;
/** Unclaimed uploads (never attached to a post or reply) are removed after this long. */
export const UNCLAIMED_FILE_MS = 24 * 60 * 60_000;

/** The og call (link previews): only http(s), public addresses, at most this many bytes and this long. */
export const OG_MAX_BYTES = 512 * 1024;
export const OG_TIMEOUT_MS = 5000;
export const OG_MAX_REDIRECTS = 3;
export const OG_CACHE_MS = 24 * 60 * 60_000;

export const BOARD_TYPES = ["GROUP", "BOARD"] as const;
export type BoardType = (typeof BOARD_TYPES)[number];
/** boardType of the special folders in the tree answer (001 §3: ALL, MY, TRASH, others). */
export const FOLDER_BOARD_TYPES = ["ALL", "MY", "MENTION", "TRASH", "NOTICE"] as const;

/** PUBLIC: every member of the company (with publicPrivilege); PRIVATE: the listed users and organisations. */
export const VISIBILITIES = ["PUBLIC", "PRIVATE"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** What a member may do: READ posts and replies (and react); WRITE posts too. Managers do everything. */
export const PRIVILEGES = ["READ", "WRITE"] as const;
export type Privilege = (typeof PRIVILEGES)[number];
/** userPrivilege of the caller on a board: NONE < READ < WRITE < MANAGE (managers and company admins). */
export const USER_PRIVILEGES = ["NONE", "READ", "WRITE", "MANAGE"] as const;
export type UserPrivilege = (typeof USER_PRIVILEGES)[number];
export const privilegeRank = (p: UserPrivilege) => USER_PRIVILEGES.indexOf(p);
/** memberType of the caller: MANAGER, MEMBER (listed or by organisation), PUBLIC (a public board), NONE. */
export const MEMBER_TYPES = ["MANAGER", "MEMBER", "PUBLIC", "NONE"] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];

/** Reactions (001 §3 "Post"): like, celebrate, cool, cheer up. */
export const FEEL_TYPES = ["LIKE", "CELEBRATE", "COOL", "CHEER_UP"] as const;
export type FeelType = (typeof FEEL_TYPES)[number];

export const VIEW_TYPES = ["CARD", "LIST"] as const;
export type ViewType = (typeof VIEW_TYPES)[number];
export const DEFAULT_VIEW_TYPE: ViewType = "CARD";

export const POST_SORTS = ["createdAt", "updatedAt", "title", "readCount", "replyCount", "feelCount"] as const;
export type PostSort = (typeof POST_SORTS)[number];
export const SORT_DIRS = ["asc", "desc"] as const;

/** /board/search/{type}/{query} (001 §2). */
export const SEARCH_TYPES = ["post", "reply", "file", "all"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
/** query.searchType: which fields of a post the keyword is matched against. */
export const SEARCH_FIELDS = ["ALL", "TITLE", "CONTENT", "WRITER"] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** /board/config/{tabType} (default manage). */
export const CONFIG_TABS = ["manage", "tag", "hidden", "mail", "view", "trash"] as const;
export type ConfigTab = (typeof CONFIG_TABS)[number];

/** Tag colours offered (001 §3: tags carry a colour). */
export const TAG_COLORS = [
  "#e03131", "#f76707", "#f59f00", "#37b24d", "#0ca678", "#1098ad", "#1c7ed6", "#4263eb", "#7048e8", "#ae3ec9",
  "#d6336c", "#868e96",
] as const;

/** Mail to a board: which way a filter looks (IN: mail to the board's address; OUT: mail members send). */
export const MAIL_DIRECTIONS = ["IN", "OUT"] as const;
export type MailDirection = (typeof MAIL_DIRECTIONS)[number];
/** The filter's classifier: the whole address or the domain (IN: of the sender; OUT: of a recipient). */
export const MAIL_CLASSIFIERS = ["ADDRESS", "DOMAIN"] as const;
export type MailClassifier = (typeof MAIL_CLASSIFIERS)[number];

/**
 * Realtime. BOARD_CHANGED { boardId, postId? } on the company's topic after any change of a board's tree or
 * posts (clients refetch what they show; ids only). BOARD_NOTICE { kind, postId, replyId? } on a person's
 * own topic: a new post in a followed board (POST), a mention (MENTION), a reply to their post or reply
 * (REPLY), reactions on their post (FEEL, at most one per post per minute), a must-read reminder (REMIND).
 */
export const BOARD_CHANGED = "BOARD_CHANGED";
export const boardTopic = (companyId: number) => `/topic/board/company/${companyId}`;
export const BOARD_NOTICE = "BOARD_NOTICE";
export const boardUserTopic = (username: string) => `/topic/board/user/${username}`;
export const BOARD_NOTICE_KINDS = ["POST", "MENTION", "REPLY", "FEEL", "REMIND"] as const;
export type BoardNoticeKind = (typeof BOARD_NOTICE_KINDS)[number];
