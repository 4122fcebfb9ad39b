// Icons of the assistant dialog (24px grid, currentColor), beside the shell's small set.
import { SvgIcon } from "../../ui/icons.tsx";

const paths = {
  star: "M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8-6.2-3.2-6.2 3.2L7 14.2 2 9.3l6.9-1z",
  plus: "M12 5v14M5 12h14",
  trash: "M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6",
  edit: "M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z",
  more: "M12 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2zM19 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2zM5 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2z",
  send: "M22 2 11 13M22 2l-7 20-4-9-9-4z",
  stop: "M7 7h10v10H7z",
  back: "M15 18l-6-6 6-6",
  file: "M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6",
  tool: "M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.5-2.5z",
  chats: "M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z",
  warning: "M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01",
} as const;

export type AsstIconName = keyof typeof paths;

export function AsstIcon({ name, size = 18, label, filled }: { name: AsstIconName; size?: number; label?: string; filled?: boolean }) {
  return filled
    ? (
      <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" stroke="currentColor" strokeWidth="2" strokeLinejoin="round"
        aria-hidden={label ? undefined : true} role={label ? "img" : undefined} aria-label={label} focusable="false">
        <path d={paths[name]} />
      </svg>
    )
    : <SvgIcon d={paths[name]} size={size} label={label} />;
}
