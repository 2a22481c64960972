/**
 * Host transports (contract section 4) and the choice between them. A transport only delivers a
 * command that the wrapper has already validated; it may throw when the host lacks a method, and
 * the wrapper turns that into a refusal.
 */

import { createBrowserTransport, type BrowserDeps, type BrowserWindowLike } from './browser';
import type { BridgeCommand, BridgeConfig, Transport } from './types';

interface MessageHandler {
  postMessage(payload: unknown): void;
}

/** Only what we touch on `window`; tests hand in plain objects. */
export interface HostWindow {
  webkit?: { messageHandlers?: Readonly<Record<string, MessageHandler | undefined>> };
}

function androidObject(win: HostWindow, config: BridgeConfig): Record<string, unknown> | null {
  const obj: unknown = (win as Readonly<Record<string, unknown>>)[config.bridge.androidObject];
  // Android exposes @JavascriptInterface objects as objects; anything else is not a host.
  return obj !== null && typeof obj === 'object' ? (obj as Record<string, unknown>) : null;
}

function iosHandlers(win: HostWindow): Readonly<Record<string, MessageHandler | undefined>> | null {
  const handlers = win.webkit?.messageHandlers;
  return handlers !== null && typeof handlers === 'object' ? handlers : null;
}

/** `window[androidObject][nativeName](JSON.stringify(args))`: Android interfaces take strings only. */
export function createAndroidTransport(win: HostWindow, config: BridgeConfig): Transport {
  return {
    kind: 'android',
    send(command: BridgeCommand): void {
      const name = config.bridge.nativeNames[command.action];
      const obj = androidObject(win, config);
      const method = obj?.[name];
      if (typeof method !== 'function') throw new Error(`the host has no method "${name}"`);
      // Called on the object: Android's injected methods fail when detached from it.
      method.call(obj, JSON.stringify(command.args));
    },
  };
}

/** `window.webkit.messageHandlers[nativeName].postMessage(args)`: WKWebView clones the object. */
export function createIosTransport(win: HostWindow, config: BridgeConfig): Transport {
  return {
    kind: 'ios',
    send(command: BridgeCommand): void {
      const name = config.bridge.nativeNames[command.action];
      const handler = iosHandlers(win)?.[name];
      if (!handler || typeof handler.postMessage !== 'function')
        throw new Error(`the host has no message handler "${name}"`);
      handler.postMessage(command.args);
    },
  };
}

/**
 * Android when the interface object exists, iOS when one of our message handlers exists, else the
 * browser fallbacks. Decided once per page: the host injects before the page's scripts run.
 */
export function detectTransport(
  win: HostWindow & BrowserWindowLike,
  config: BridgeConfig,
  browser: BrowserDeps,
): Transport {
  if (androidObject(win, config)) return createAndroidTransport(win, config);
  const handlers = iosHandlers(win);
  if (handlers && Object.values(config.bridge.nativeNames).some((n) => handlers[n] !== undefined)) {
    return createIosTransport(win, config);
  }
  return createBrowserTransport(win, config, browser);
}
