/**
 * The one typed wrapper every bridge call goes through (SECURITY 13): unknown actions and bad
 * arguments are refused and reported, transport failures are caught, and no call throws.
 */

import { validateArgs } from './validate';
import {
  BridgeError,
  isBridgeAction,
  type Bridge,
  type BridgeConfig,
  type BridgeResult,
  type Transport,
} from './types';

export interface BridgeHooks {
  /** Receives every refusal and transport failure (the app's error reporter). */
  report?: (error: BridgeError) => void;
  /** The page origin, for link checks; defaults to `location.origin`. */
  origin?: string;
  /** The borrower's session values now (openLink never sends them to another host). */
  sessionValues?: () => readonly string[];
}

function defaultOrigin(): string {
  return typeof location !== 'undefined' && location.origin !== 'null'
    ? location.origin
    : 'http://localhost';
}

export function createBridge(
  transport: Transport,
  config: BridgeConfig,
  hooks: BridgeHooks = {},
): Bridge {
  const links = {
    allowlist: config.redirectAllowlist,
    origin: hooks.origin ?? defaultOrigin(),
    ...(config.deepLinkScheme === undefined ? {} : { deepLinkScheme: config.deepLinkScheme }),
  };

  function refuse(action: string, reason: string): BridgeResult {
    try {
      hooks.report?.(new BridgeError(action, reason));
    } catch {
      // A broken reporter must not turn a refusal into a crash.
    }
    return { ok: false, reason };
  }

  function call(action: string, args?: unknown): BridgeResult {
    const name = typeof action === 'string' ? action : String(action);
    if (!isBridgeAction(name))
      return refuse(name.slice(0, 60), `unknown action "${name.slice(0, 60)}"`);
    const checked = validateArgs(name, args, {
      ...links,
      ...(hooks.sessionValues ? { sessionValues: hooks.sessionValues() } : {}),
    });
    if (!checked.ok) return refuse(name, checked.reason);
    try {
      transport.send(checked.command);
      return { ok: true };
    } catch (error) {
      return refuse(
        name,
        `host call failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  return {
    call,
    transport: transport.kind,
    sendSms: (args) => call('sendSms', args),
    openHome: () => call('openHome'),
    openMine: () => call('openMine'),
    openRate: () => call('openRate'),
    openLogin: () => call('openLogin'),
    callService: (args) => call('callService', args),
    closeWebView: () => call('closeWebView'),
    bankStepStart: () => call('bankStepStart'),
    bankStepEnd: () => call('bankStepEnd'),
    track: (args) => call('track', args),
    openLink: (args) => call('openLink', args),
  };
}
