/**
 * The native bridge as the app uses it: the transport this host offers (Android object, iOS
 * handlers, or the browser's stand-ins) behind the checked wrapper (SECURITY 13). Its own chunk,
 * loaded when a screen first calls the bridge or once the first screen is up: no first screen
 * needs it to render (about 2 KB of every first visit).
 */
import {
  createBridge,
  detectTransport,
  type Bridge,
  type BridgeConfig,
  type HostWindow,
} from '../bridge';
import { IDENTIFYING_KEYS, readSession } from '../http/borrowerSession';
import { appConfig } from './appConfig';
import { report } from './reporter';

export interface AppBridgeDeps {
  notify(message: string): void;
  navigate(path: string): void;
  layoutId: string;
  origin: string;
}

export function createAppBridge(deps: AppBridgeDeps): Bridge {
  return createBridge(
    detectTransport(
      window as unknown as HostWindow & Window,
      appConfig as unknown as BridgeConfig,
      { notify: deps.notify, navigate: deps.navigate },
    ),
    appConfig as unknown as BridgeConfig,
    {
      report: (e) =>
        report({ pointer: '', message: e.message, kind: 'bridge', layout: deps.layoutId }),
      origin: deps.origin,
      sessionValues: () => {
        const { params } = readSession(window.location.search, {
          defaultMerchantNumber: appConfig.defaultMerchantNumber,
        });
        return IDENTIFYING_KEYS.map((k) => params[k]);
      },
    },
  );
}
