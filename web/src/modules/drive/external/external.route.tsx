// The external drive's screens, loaded lazily by routes.ts (lazyRouteComponent), with their styles.
import "./external.css";
export { ExternalConnect } from "./Connect.tsx";
export { ExternalList } from "./List.tsx";
