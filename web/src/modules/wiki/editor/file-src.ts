// Where an attached image or file of the wiki is for this reader: fileUrl with the reader's file token.
import { fileUrl } from "@shared/wiki/constants.ts";

export const fileSrcOf = (token: () => string) => (fileId: number) => `${fileUrl(fileId)}?token=${encodeURIComponent(token())}`;
