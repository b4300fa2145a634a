/** The app domain: what is running and on which transport. */
import type { AppInfo } from '../contract-types';
import type { Call, NameSet, NoArgs } from './common';

export interface AppCalls {
  /** Name, version and mode of the running app. */
  'app:info': Call<NoArgs, AppInfo>;
}

export interface AppEvents {}

export const APP_CALLS: NameSet<AppCalls> = { 'app:info': true };
export const APP_EVENTS: NameSet<AppEvents> = {};
