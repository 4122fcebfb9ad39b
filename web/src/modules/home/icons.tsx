// The dashboard's few icons (24px, currentColor, decorative: their buttons carry the names).
import { SvgIcon } from "../../ui/icons.tsx";

const ARROWS = { left: "M15 18l-6-6 6-6", right: "M9 18l6-6-6-6", up: "M18 15l-6-6-6 6", down: "M6 9l6 6 6-6" } as const;

export const ArrowIcon = ({ dir }: { dir: keyof typeof ARROWS }) => <SvgIcon d={ARROWS[dir]} size={16} />;
export const GripIcon = () => <SvgIcon d="M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01" size={18} />;
