// Icons of the rich-text editor's toolbar (24px grid, stroked, currentColor).
import { SvgIcon } from "../icons.tsx";

const paths = {
  bold: "M6 4h8a4 4 0 0 1 0 8H6zM6 12h9a4 4 0 0 1 0 8H6z",
  italic: "M19 4h-9M14 20H5M15 4 9 20",
  underline: "M6 3v7a6 6 0 0 0 12 0V3M4 21h16",
  strike: "M16 4H9a3 3 0 0 0-2.8 4M14 12a4 4 0 0 1 0 8H6M4 12h16",
  listBullet: "M9 6h12M9 12h12M9 18h12M4 6h.01M4 12h.01M4 18h.01",
  listNumber: "M10 6h11M10 12h11M10 18h11M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1",
  alignLeft: "M17 10H3M21 6H3M21 14H3M17 18H3",
  alignCenter: "M18 10H6M21 6H3M21 14H3M18 18H6",
  alignRight: "M21 10H7M21 6H3M21 14H3M21 18H7",
  link: "M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7",
  unlink: "M18.8 13.2l1.7-1.7a5 5 0 0 0-7-7L11.8 6.2M5.2 10.8l-1.7 1.7a5 5 0 0 0 7 7l1.7-1.7M3 3l18 18",
  quote: "M3 21c3 0 7-1 7-8V5H3v7h4c0 4-2 5-4 5zM14 21c3 0 7-1 7-8V5h-7v7h4c0 4-2 5-4 5z",
  undo: "M3 7v6h6M21 17a9 9 0 0 0-15-6.7L3 13",
  redo: "M21 7v6h-6M3 17a9 9 0 0 1 15-6.7L21 13",
  color: "M4 20h16M7 16l5-12 5 12M9 11h6",
  chevronDown: "M6 9l6 6 6-6",
  image: "M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM8.5 10a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM21 15l-5-5L5 21",
  table: "M4 4h16v16H4zM4 10h16M4 15h16M10 4v16",
} as const;

export type EditorIconName = keyof typeof paths;

export function EditorIcon({ name, size = 18 }: { name: EditorIconName; size?: number }) {
  return <SvgIcon d={paths[name]} size={size} />;
}
