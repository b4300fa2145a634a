/** The app domain: what is running and on which transport. */
import { z } from 'zod';
import type { AppInfo } from '../contract-types';
import { type ArgsOf } from './arg-schema';
import type { Call } from './common';

/** Argument schemas of the app calls (dispatch checks every call against its schema). */
export const APP_ARGS = {
  'app:info': z.object({}),
};
type A = ArgsOf<typeof APP_ARGS>;

export interface AppCalls {
  /** Name, version and mode of the running app. */
  'app:info': Call<A['app:info'], AppInfo>;
}

export interface AppEvents {}

