/**
 * Vite plugin: writes .vite/widget-chunks.json, widget type -> the manifest key of the chunk that
 * holds its component. Widgets grouped into one chunk (vite.config.ts) have no manifest entry of
 * their own, so the server's preload links (server/page/appShell.ts) and the bench's sizes look here.
 */
import { basename } from 'node:path';
import type { Plugin } from 'vite';

const WIDGET = /\/src\/react\/widgets\/([a-z0-9-]+)\/[A-Z][A-Za-z]+\.tsx$/;

export function widgetChunks(): Plugin {
  return {
    name: 'kopa-widget-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const map: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) {
          const type = WIDGET.exec(id)?.[1];
          if (!type) continue;
          // The manifest's key: the source path for a chunk of its own, "_<file>" for a shared one.
          const own = chunk.facadeModuleId === id;
          map[type] = own ? id.slice(id.indexOf('/src/') + 1) : `_${basename(chunk.fileName)}`;
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/widget-chunks.json',
        source: JSON.stringify(map, null, 1),
      });
    },
  };
}
