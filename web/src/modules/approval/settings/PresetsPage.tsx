// In progress: replaced by the full screen in the next commits.
export function PresetsPage() {
  return null;
}
