export { createBridge } from './createBridge';
export type { BridgeHooks } from './createBridge';
export { createAndroidTransport, createIosTransport, detectTransport } from './transports';
export type { HostWindow } from './transports';
export { createBrowserTransport, BROWSER_MESSAGES } from './browser';
export type { BrowserDeps, BrowserWindowLike } from './browser';
export { createFakeBridge } from './fake';
export type { FakeBridge, FakeBridgeOptions, BridgeCall } from './fake';
export { validateArgs } from './validate';
export { BRIDGE_ACTIONS, BridgeError, isBridgeAction } from './types';
export type {
  Bridge,
  BridgeAction,
  BridgeArgs,
  BridgeCommand,
  BridgeConfig,
  BridgeResult,
  CallServiceArgs,
  NativeBridge,
  NoArgs,
  OpenLinkArgs,
  SendSmsArgs,
  TrackArgs,
  TrackParams,
  Transport,
  TransportKind,
} from './types';
