export { createBridge } from './createBridge';
export { detectTransport } from './transports';
export type { HostWindow } from './transports';
export type { Bridge, BridgeConfig } from './types';
