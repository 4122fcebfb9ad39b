// What the post editor adds to the shared rich-text editor: colleagues for @mentions (the company directory,
// GET api/users/members?searchWord, as the mail composer's organisation picker searches it), inline images
// uploaded as the post's inline files (POST /api/board/file?inline=true → <img data-file-id src=inlineUrl>), and
// the editor's texts (board:write.editor.*).
import type { TFunction } from "i18next";
import { FILE_MAX_BYTES, INLINE_IMAGE_TYPES } from "@shared/board/constants.ts";
import type { DirectoryMember } from "@shared/organizations.ts";
import type { Page } from "@shared/paging.ts";
import { api, ApiError } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import type { EditorImages } from "../../../ui/editor/RichEditor.tsx";
import type { MentionCandidate } from "../../../ui/editor/mention.tsx";
import type { EditorTexts } from "../../../ui/editor/texts.ts";
import { uploadFile } from "../api.ts";
import { boardErrorText } from "../errors.ts";

const MENTION_LIST_SIZE = 8;

/** Colleagues whose name or address holds `query` (any active member when it is empty). */
export async function findColleagues(query: string, signal: AbortSignal): Promise<MentionCandidate[]> {
  const page = await api<Page<DirectoryMember>>("/api/users/members", {
    signal,
    query: { page: 0, pageSize: MENTION_LIST_SIZE, searchWord: query.trim() || undefined },
  });
  return page.content.map((m) => ({
    id: m.id,
    label: m.accountName,
    detail: [m.username, m.organizationName].filter(Boolean).join(" · "),
  }));
}

export function editorTexts(t: TFunction): EditorTexts {
  return (key, vars) => t(`write.editor.${key}`, vars ?? {});
}

/** Inline images: uploaded at once, shown through their signed address; failures told as a snackbar. */
export function inlineImages(): EditorImages {
  return {
    types: INLINE_IMAGE_TYPES,
    async upload(file) {
      if (file.size > FILE_MAX_BYTES) {
        snackbar("VALIDATION", `${file.name}: ${errorText("board.123")}`);
        return null;
      }
      try {
        const f = await uploadFile(file, { inline: true });
        if (!f.inlineUrl) throw new ApiError(500, "common.500");
        return { src: f.inlineUrl, fileId: f.id, alt: f.name };
      } catch (e) {
        snackbar("ERROR", `${file.name}: ${boardErrorText(e, "122")}`);
        return null;
      }
    },
  };
}
