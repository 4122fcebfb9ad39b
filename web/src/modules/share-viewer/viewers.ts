// The plug-in point for module viewers: a module that serves linked objects (drive files, mail folders, ...)
// adds its moduleType here with a lazily loaded component. The component gets the access grant, which it
// sends to its module's API (the server checks it with verifyLinkGrant). Unlisted types show the generic card.
import { type ComponentType, lazy, type LazyExoticComponent } from "react";
import type { ShareLinkPermission } from "@shared/share.ts";

export interface LinkViewerProps {
  grant: string;
  moduleType: string;
  objectId: string;
  title: string | null;
  permission: ShareLinkPermission;
}

type Loader = () => Promise<{ default: ComponentType<LinkViewerProps> }>;

/** moduleType → its viewer island; modules add theirs as they gain shareable objects. */
const LOADERS: Record<string, Loader> = {
  drive: () => import("../drive/link-viewer/LinkViewer.tsx"),
};

const cache = new Map<string, LazyExoticComponent<ComponentType<LinkViewerProps>>>();

export function linkViewerFor(moduleType: string) {
  const load = Object.hasOwn(LOADERS, moduleType) ? LOADERS[moduleType] : undefined;
  if (!load) return null;
  let c = cache.get(moduleType);
  if (!c) cache.set(moduleType, (c = lazy(load)));
  return c;
}
