// The searchable form of posts, replies and files (server/lib/search-tokens.ts, the mail module's design:
// two-character grams for Korean, words for the rest). Writers of board_posts, board_replies and board_files
// set search_vector from these in the same statement; search/ queries them and checks candidates against the
// real text (board_posts.text, board_replies.content, board_files.name).
import { lexemes, vectorLiteral } from "../../../lib/search-tokens.ts";

/** A post: the title (weight A) and the plain text of its content (weight B). */
export const postVector = (title: string, text: string) => vectorLiteral([[lexemes(title, 400), "A"], [lexemes(text), "B"]]);
/** A reply's plain text (weight B). */
export const replyVector = (text: string) => vectorLiteral([[lexemes(text), "B"]]);
/** A file's name (weight A). */
export const fileVector = (name: string) => vectorLiteral([[lexemes(name, 200), "A"]]);
