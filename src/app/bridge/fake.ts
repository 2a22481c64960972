/**
 * A bridge for tests: the real wrapper (so refusals behave as in production) over a transport
 * that records what would have reached the host.
 */

import appConfig from '../../../config/app.json';
import { createBridge } from './createBridge';
import type { Bridge, BridgeCommand, BridgeConfig, BridgeError } from './types';

/** `{ action, args }`, narrowed by `action`. */
export type BridgeCall = BridgeCommand;

export interface FakeBridge extends Bridge {
  /** Accepted calls, in order, with the arguments the host would have received. */
  readonly calls: BridgeCall[];
  /** Refused calls, in order. */
  readonly refusals: BridgeError[];
  reset(): void;
}

export interface FakeBridgeOptions {
  config?: BridgeConfig;
  origin?: string;
}

export function createFakeBridge(options: FakeBridgeOptions = {}): FakeBridge {
  const calls: BridgeCall[] = [];
  const refusals: BridgeError[] = [];
  const bridge = createBridge(
    { kind: 'fake', send: (command) => void calls.push(command) },
    options.config ?? appConfig,
    { origin: options.origin ?? 'http://localhost', report: (e) => void refusals.push(e) },
  );
  return {
    ...bridge,
    calls,
    refusals,
    reset() {
      calls.length = 0;
      refusals.length = 0;
    },
  };
}
