// Snackbar (000 §8, §9): SUCCESS, ERROR and VALIDATION messages; errors and validation stay 5 s, others 3 s.
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import "./feedback.css";

export type SnackType = "SUCCESS" | "ERROR" | "VALIDATION" | "INFO";
interface Snack {
  id: number;
  type: SnackType;
  text: string;
}

export const SNACK_TIMEOUT_MS: Record<SnackType, number> = { ERROR: 5000, VALIDATION: 5000, SUCCESS: 3000, INFO: 3000 };

let snacks: Snack[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function snackbar(type: SnackType, text: string) {
  const id = nextId++;
  snacks = [...snacks.slice(-2), { id, type, text }];
  emit();
  setTimeout(() => dismiss(id), SNACK_TIMEOUT_MS[type]);
}

function dismiss(id: number) {
  snacks = snacks.filter((s) => s.id !== id);
  emit();
}

export function Snackbar() {
  const { t } = useTranslation();
  const list = useSyncExternalStore((l) => (listeners.add(l), () => listeners.delete(l)), () => snacks);
  return (
    <div className="snackbar-region" role="region" aria-label={t("common:snackbar.region")}>
      {list.map((s) => (
        <div key={s.id} className={`snack snack-${s.type.toLowerCase()}`} role={s.type === "ERROR" ? "alert" : "status"}>
          <span>{s.text}</span>
          <button type="button" className="snack-close" aria-label={t("common:action.close")} onClick={() => dismiss(s.id)}>×</button>
        </div>
      ))}
    </div>
  );
}
