/**
 * Vite plugin: tells the app, at build time, whether the market's time zone (config/app.json
 * `timeZone`) has kept one UTC offset for decades (src/format/fixedZone.ts, which the server's
 * formatting asks too), as the define __KOPA_FIXED_ZONE__ that src/format/date.ts reads.
 */
import type { Plugin } from 'vite';
import { fixedZone } from '../../src/format/fixedZone.ts';

export function fixedZoneDefine(zone: string | undefined): Plugin {
  return {
    name: 'kopa-fixed-zone',
    config() {
      return { define: { __KOPA_FIXED_ZONE__: JSON.stringify(zone ? fixedZone(zone) : null) } };
    },
  };
}
