/**
 * The native bridge (contract section 4): the only host actions a layout may ask for. Everything
 * here is transport-neutral; `transports.ts` and `browser.ts` say how each action reaches a host.
 */

export const BRIDGE_ACTIONS = [
  'sendSms',
  'openHome',
  'openMine',
  'openRate',
  'openLogin',
  'callService',
  'closeWebView',
  'bankStepStart',
  'bankStepEnd',
  'track',
  'openLink',
] as const;

export type BridgeAction = (typeof BRIDGE_ACTIONS)[number];

export function isBridgeAction(name: unknown): name is BridgeAction {
  return typeof name === 'string' && (BRIDGE_ACTIONS as readonly string[]).includes(name);
}

export interface SendSmsArgs {
  email?: string;
  phone?: string;
  text?: string;
}
export interface CallServiceArgs {
  phone?: string;
}
export type TrackParams = Readonly<Record<string, string | number | boolean>>;
export interface TrackArgs {
  /** The confirm tracking event name (spec section 7, loan-detail-push). */
  event: string;
  params?: TrackParams;
}
export interface OpenLinkArgs {
  url: string;
}
/** Actions that take nothing; `{}` is what the host receives. */
export type NoArgs = Readonly<Record<string, never>>;

export interface BridgeArgs {
  sendSms: SendSmsArgs;
  openHome: NoArgs;
  openMine: NoArgs;
  openRate: NoArgs;
  openLogin: NoArgs;
  callService: CallServiceArgs;
  closeWebView: NoArgs;
  bankStepStart: NoArgs;
  bankStepEnd: NoArgs;
  track: TrackArgs;
  openLink: OpenLinkArgs;
}

/** A validated action with its arguments; transports switch on `action` to get typed `args`. */
export type BridgeCommand = {
  [A in BridgeAction]: { action: A; args: BridgeArgs[A] };
}[BridgeAction];

export type BridgeResult = { ok: true } | { ok: false; reason: string };

/** Typed entry points, one per logical action. */
export interface NativeBridge {
  sendSms(args: SendSmsArgs): BridgeResult;
  openHome(): BridgeResult;
  openMine(): BridgeResult;
  openRate(): BridgeResult;
  openLogin(): BridgeResult;
  callService(args?: CallServiceArgs): BridgeResult;
  closeWebView(): BridgeResult;
  bankStepStart(): BridgeResult;
  bankStepEnd(): BridgeResult;
  track(args: TrackArgs): BridgeResult;
  openLink(args: OpenLinkArgs): BridgeResult;
}

export type TransportKind = 'android' | 'ios' | 'browser' | 'fake';

export interface Transport {
  readonly kind: TransportKind;
  /** May throw (a host without the method); the bridge wrapper catches and reports. */
  send(command: BridgeCommand): void;
}

export interface Bridge extends NativeBridge {
  /** The untyped door for layouts: unknown actions and bad arguments are refused, never thrown. */
  call(action: string, args?: unknown): BridgeResult;
  readonly transport: TransportKind;
}

/** The slice of `config/app.json` the bridge reads. */
export interface BridgeConfig {
  bridge: {
    androidObject: string;
    nativeNames: Readonly<Record<BridgeAction, string>>;
  };
  redirectAllowlist: readonly string[];
  deepLinkScheme?: string;
  defaultServicePhone?: string;
}

/** What `report` receives for every refused or failed bridge call. */
export class BridgeError extends Error {
  readonly action: string;
  readonly reason: string;
  constructor(action: string, reason: string) {
    super(`Bridge action "${action}" refused: ${reason}`);
    this.name = 'BridgeError';
    this.action = action;
    this.reason = reason;
  }
}
