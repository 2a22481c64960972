import type { Action } from '@kopa/contract';
import { bridgeAction, trackAction } from './bridge';
import { countdownAction } from './countdown';
import { httpAction } from './http';
import { navigateAction } from './navigate';
import { redirectAction } from './redirect';
import { storageAction } from './storage';
import { validateAction } from './validate';
import {
  closeDialogAction,
  copyAction,
  ifAction,
  openDialogAction,
  reloadAction,
  setStateAction,
  toastAction,
  waitAction,
} from './ui';
import type { ActionHandler } from './types';

/** Every action type of schemas/action.schema.json; a type with no handler is a compile error. */
export const actionRegistry: { [T in Action['type']]: ActionHandler<T> } = {
  http: httpAction,
  navigate: navigateAction,
  redirect: redirectAction,
  bridge: bridgeAction,
  toast: toastAction,
  openDialog: openDialogAction,
  closeDialog: closeDialogAction,
  setState: setStateAction,
  copy: copyAction,
  if: ifAction,
  countdown: countdownAction,
  track: trackAction,
  reload: reloadAction,
  wait: waitAction,
  storage: storageAction,
  validate: validateAction,
};
