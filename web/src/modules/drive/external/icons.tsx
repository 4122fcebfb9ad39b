// The icon of an external file's category (001 §3 categories), drawn with the design system's SvgIcon.
import type { ExternalCategory } from "@shared/drive/external.ts";
import { SvgIcon } from "../../../ui/icons.tsx";

const FILE = "M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6";
const LINES = `${FILE}M16 13H8M16 17H8M10 9H8`;
const PATHS: Record<ExternalCategory, { d: string; color: string }> = {
  folder: { d: "M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z", color: "#8a6400" },
  document: { d: LINES, color: "#2361c4" },
  spreadsheet: { d: `${FILE}M8 12h8M8 16h8M12 10v8`, color: "#137333" },
  presentation: { d: `${FILE}M8 12h8v5H8z`, color: "#b3400f" },
  pdf: { d: FILE, color: "#b3261e" },
  image: { d: "M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM8.5 10a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM21 15l-5-5L5 21", color: "#1a7340" },
  video: { d: "M23 7l-7 5 7 5zM3 5h11a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z", color: "#7b2cbf" },
  archive: { d: "M21 8v13H3V8M1 3h22v5H1zM10 12h4", color: "#6d4c41" },
  file: { d: FILE, color: "#5b6470" },
};

export const EXT_ICONS = {
  cloud: "M18 10h-1.3A8 8 0 1 0 9 20h9a5 5 0 0 0 0-10z",
  download: "M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3",
  open: "M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6M15 3h6v6M10 14L21 3",
  search: "M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.3-4.3",
};

export function CategoryIcon({ category, size = 20 }: { category: ExternalCategory; size?: number }) {
  const p = PATHS[category] ?? PATHS.file;
  return <span className="dx-icon" style={{ color: p.color }} data-category={category}><SvgIcon d={p.d} size={size} /></span>;
}
