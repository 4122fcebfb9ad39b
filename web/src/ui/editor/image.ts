// Images of the rich-text editor: tiptap's Image node, inline, with a fileId attribute kept as data-file-id, so
// a module that stores images as its own uploads (boards: <img data-file-id="N" src="signed url">) can tell
// them apart; alt carries the file's name. Base64 sources are not taken (a pasted image is uploaded instead).
import Image from "@tiptap/extension-image";

export const FileImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      fileId: {
        default: null,
        parseHTML: (el: HTMLElement) => {
          const v = el.getAttribute("data-file-id");
          return v && /^\d{1,15}$/.test(v) ? Number(v) : null;
        },
        renderHTML: (attrs: Record<string, unknown>) => (attrs.fileId ? { "data-file-id": String(attrs.fileId) } : {}),
      },
    };
  },
}).configure({ inline: true, allowBase64: false });

/** What an upload of an image answers: where it shows and the attributes kept with it. */
export interface UploadedImage {
  src: string;
  fileId?: number;
  alt?: string;
}

/** The image files among pasted or dropped ones. */
export function imageFilesOf(list: ArrayLike<File> | null | undefined, types: readonly string[]): File[] {
  return Array.from(list ?? []).filter((f) => types.includes(f.type));
}
