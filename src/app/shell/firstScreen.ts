import type { RuntimeEnv } from '@kopa/runtime';
import type { ToastStore } from '@kopa/react';
import { routeTable } from './appConfig';
import { createRuntimeEnv } from './createEnv';
import { loadLayout } from './loadLayout';
import { afterFirstScreen, settle, settleWith } from './afterFirstScreen';
import { pageEarlyRequests } from '../http/earlyRequests';
import { createPageController, type PageController } from '@kopa/runtime';
import { PAGE_BLOCK } from '@kopa/contract';

type Navigate = (path: string, options?: { replace?: boolean }) => void;

/** The first screen, started before React renders. */
export interface FirstScreen {
  layoutName: string;
  env: RuntimeEnv;
  /** Its page controller, already loading (the shell holds a reference until a Page takes one). */
  controller: PageController;
  /** Drops the shell's reference: call once the Page holds its own (or never will). Idempotent. */
  release(): void;
  /** The router's navigate, once React has it: earlier navigations wait for it. */
  connect(navigate: Navigate): void;
}

let first: FirstScreen | null = null;

/**
 * Starts the first screen from the layout the server put in the page, as soon as the entry runs:
 * the layout is checked and its data requests go out before React's first render and the
 * router's start (on a slow phone they went out ~250 ms after the code had arrived).
 * LayoutRoute adopts it for the first location; any other location starts its own.
 */
export function startFirstScreen(pathname: string, toasts: ToastStore): void {
  // Early answers are for the first screen's own requests only: a later screen fetches afresh.
  afterFirstScreen(() => pageEarlyRequests().close());
  const page = Object.values(routeTable.pages).find((p) => p.path === pathname);
  if (!page || document.getElementById(PAGE_BLOCK.layout) === null) return settle();
  let navigate: Navigate | null = null;
  const waiting: Parameters<Navigate>[] = [];
  const env = createRuntimeEnv({
    navigate: (path, options) =>
      navigate ? navigate(path, options) : void waiting.push([path, options]),
    toasts,
    layoutId: page.layout,
  });
  const controller = createPageController({
    env,
    load: (signal, onParsed) => loadLayout(page.layout, signal, onParsed),
  });
  settleWith(controller);
  first = {
    layoutName: page.layout,
    env,
    controller,
    // The shell's reference: the page starts now, with no Page mounted yet.
    release: controller.retain(),
    connect(nav) {
      navigate = nav;
      for (const args of waiting.splice(0)) nav(...args);
    },
  };
}

/**
 * The first screen, for the route component of the first location (React Router's initial
 * entry has the key "default"); null for any other, which starts its own screen.
 */
export function firstScreenFor(layoutName: string, locationKey: string): FirstScreen | null {
  if (!first) return null;
  if (first.layoutName === layoutName && locationKey === 'default') return first;
  // Navigated away before (or without) adopting it: its requests end with its last reference.
  first.release();
  first = null;
  return null;
}
