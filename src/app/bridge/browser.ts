/**
 * Plain-browser fallbacks: the app also runs outside the native host (links shared by SMS, the
 * official site, development). Every action does something sensible and nothing throws
 * (SECURITY 13). The table in README.md lists the behaviour per action.
 */

import { checkNavigationUrl } from '../security/url';
import { messageTable } from '@kopa/format';
import type { BridgeCommand, BridgeConfig, Transport } from './types';

export interface BrowserWindowLike {
  history: { readonly length: number; back(): void };
  location: { readonly origin: string; assign(url: string): void };
}

export interface BrowserDeps {
  /** Show a short message (the app's toast). */
  notify(message: string): void;
  /** In-app navigation to a path (the router); defaults to `location.assign`. */
  navigate?(path: string): void;
}

/** What each fallback says, in the borrower's language (messages/*.json, `bridge.*`). */
export const BROWSER_MESSAGES = messageTable({
  closeWebView: 'bridge.closeWebView',
  openLogin: 'bridge.openLogin',
  openMine: 'bridge.openMine',
  openRate: 'bridge.openRate',
  openLink: 'bridge.openLink',
  sendSms: 'bridge.sendSms',
  callService: 'bridge.callService',
  failed: 'bridge.failed',
});

function telNumber(phone: string): string {
  // tel:/sms: want the dialable characters only.
  return phone.replace(/[^0-9+]/g, '');
}

export function createBrowserTransport(
  win: BrowserWindowLike,
  config: BridgeConfig,
  deps: BrowserDeps,
): Transport {
  const navigate = (path: string): void =>
    deps.navigate ? deps.navigate(path) : win.location.assign(path);

  function run(command: BridgeCommand): void {
    switch (command.action) {
      case 'closeWebView':
        // A tab opened directly has nothing to go back to, and scripts may not close it.
        if (win.history.length > 1) win.history.back();
        else deps.notify(BROWSER_MESSAGES.closeWebView);
        return;
      case 'openHome':
        navigate('/');
        return;
      case 'openLogin':
      case 'openMine':
      case 'openRate':
        deps.notify(BROWSER_MESSAGES[command.action]);
        return;
      case 'callService': {
        const phone = command.args.phone ?? config.defaultServicePhone;
        if (phone && telNumber(phone) !== '') win.location.assign(`tel:${telNumber(phone)}`);
        else deps.notify(BROWSER_MESSAGES.callService);
        return;
      }
      case 'sendSms': {
        const { email, phone, text } = command.args;
        const body = text ? `?body=${encodeURIComponent(text)}` : '';
        // The address was validated against a strict pattern, so it cannot add mailto headers.
        if (email) win.location.assign(`mailto:${email}${body}`);
        else if (phone) win.location.assign(`sms:${telNumber(phone)}${body}`);
        else deps.notify(BROWSER_MESSAGES.sendSms);
        return;
      }
      case 'openLink': {
        // Checked again here with the stricter navigation rule: deep links and bare route names
        // mean something only to the native app.
        const checked = checkNavigationUrl(
          command.args.url,
          config.redirectAllowlist,
          win.location.origin,
        );
        if (!checked.ok) deps.notify(BROWSER_MESSAGES.openLink);
        else if (checked.external) win.location.assign(checked.url);
        else navigate(checked.url);
        return;
      }
      case 'track':
      case 'bankStepStart':
      case 'bankStepEnd':
        // Host-only concerns (analytics, the native bank-step UI); nothing to do in a browser.
        return;
    }
  }

  return {
    kind: 'browser',
    send(command: BridgeCommand): void {
      try {
        run(command);
      } catch {
        // A browser that blocks a scheme (tel: on desktop) must not break the page.
        try {
          deps.notify(BROWSER_MESSAGES.failed);
        } catch {
          /* nothing left to tell the user with */
        }
      }
    },
  };
}
