// The drive's own icon paths (ui/icons.tsx SvgIcon draws them) and the kind icon of an item.
import { SvgIcon } from "../../ui/icons.tsx";

export const ICONS = {
  plus: "M12 5v14M5 12h14",
  star: "M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z",
  folder: "M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z",
  trash: "M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6",
  clock: "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 6v6l4 2",
  people: "M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM23 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8",
  share: "M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4",
  link: "M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7",
  upload: "M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12",
  download: "M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3",
  search: "M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.3-4.3",
  chevronLeft: "M15 18l-6-6 6-6",
  chevronRight: "M9 18l6-6-6-6",
  chevronDown: "M6 9l6 6 6-6",
  close: "M18 6 6 18M6 6l12 12",
  more: "M12 6h.01M12 12h.01M12 18h.01",
  cloud: "M18 10h-1.3A8 8 0 1 0 9 20h9a5 5 0 0 0 0-10z",
  file: "M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6",
  image: "M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM8.5 10a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM21 15l-5-5L5 21",
  video: "M23 7l-7 5 7 5zM3 5h11a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z",
  audio: "M9 18V5l12-2v13M6 21a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 19a3 3 0 1 0 0-6 3 3 0 0 0 0 6z",
  archive: "M21 8v13H3V8M1 3h22v5H1zM10 12h4",
  text: "M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M16 13H8M16 17H8M10 9H8",
  shortcut: "M7 17L17 7M7 7h10v10",
  computer: "M4 4h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM8 20h8M12 16v4",
} as const;

const KIND_ICON: Record<string, { d: string; color: string }> = {
  ROOT: { d: ICONS.folder, color: "#8a6d1a" },
  DIRECTORY: { d: ICONS.folder, color: "#b07d00" },
  DELETED: { d: ICONS.trash, color: "#5b6470" },
  image: { d: ICONS.image, color: "#1a7f4b" },
  document: { d: ICONS.text, color: "#2361c4" },
  spreadsheet: { d: ICONS.text, color: "#137333" },
  presentation: { d: ICONS.file, color: "#c5491b" },
  pdf: { d: ICONS.file, color: "#c5221f" },
  video: { d: ICONS.video, color: "#8430ce" },
  audio: { d: ICONS.audio, color: "#a142f4" },
  archive: { d: ICONS.archive, color: "#6d4c41" },
  text: { d: ICONS.text, color: "#5b6470" },
  file: { d: ICONS.file, color: "#5b6470" },
};

/** The icon of an item's kind (fileType); a shortcut carries a small arrow. */
export function KindIcon({ fileType, shortcut, size = 20 }: { fileType: string; shortcut?: boolean; size?: number }) {
  const k = KIND_ICON[fileType] ?? KIND_ICON.file;
  return (
    <span className="dr-kind" style={{ color: k.color }} data-kind={fileType}>
      <SvgIcon d={k.d} size={size} />
      {shortcut && <span className="dr-kind-shortcut"><SvgIcon d={ICONS.shortcut} size={10} /></span>}
    </span>
  );
}
