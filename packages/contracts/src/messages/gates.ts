import type { ErrorCode } from '../codes.js';
import { GATE_TITLES } from './gate-titles.js';

/**
 * The sign-in gate pages (section 8): the information page shows a title and a text. Titles are
 * the specification's; the texts expand its summaries in the same calm tone.
 */
export interface GatePage {
  title: string;
  text: string;
}

export const GATE_CODES = [
  'access_not_found',
  'callback_invalid',
  'app_access_prohibited',
  'app_disabled',
  'device_type_invalid',
  'device_limit_reached',
  'unauthorized_device',
  'access_unverified',
  'credential_stuffing_detected',
] as const satisfies readonly ErrorCode[];
export type GateCode = (typeof GATE_CODES)[number];

/** Stands for the application's name in texts that name it; `gatePage` fills it in. */
export const APP_PLACEHOLDER = 'this application';

export const GATE_PAGES: Record<GateCode, GatePage> = {
  access_not_found: {
    title: GATE_TITLES.access_not_found,
    text: `You do not have access to ${APP_PLACEHOLDER}. Please contact your administrator.`,
  },
  callback_invalid: {
    title: GATE_TITLES.callback_invalid,
    text: 'This application is not configured for sign-in. Please contact your administrator.',
  },
  app_access_prohibited: {
    title: GATE_TITLES.app_access_prohibited,
    text: `Your company is not subscribed to ${APP_PLACEHOLDER}. Please ask your administrator about a subscription.`,
  },
  app_disabled: {
    title: GATE_TITLES.app_disabled,
    text: `${capitalise(APP_PLACEHOLDER)} is not available at the moment. Please try again later.`,
  },
  device_type_invalid: {
    title: GATE_TITLES.device_type_invalid,
    text: 'This application cannot be used on this type of device.',
  },
  device_limit_reached: {
    title: GATE_TITLES.device_limit_reached,
    text: 'You have reached the maximum number of devices. Please remove a device from your profile and try again.',
  },
  unauthorized_device: {
    title: GATE_TITLES.unauthorized_device,
    text: 'This device is not authorized to sign in. This attempt will be recorded.',
  },
  access_unverified: {
    title: GATE_TITLES.access_unverified,
    text: 'Your access has not been verified yet. Please accept the invitation sent to your email.',
  },
  credential_stuffing_detected: {
    title: GATE_TITLES.credential_stuffing_detected,
    text: 'Unusual sign-in activity was detected from your network. Please try again later.',
  },
};

/** Anything else: the server did not answer in a way the page knows. */
export const SERVER_ERROR_PAGE: GatePage = {
  title: 'Server Error',
  text: 'Server is not responding. Please try again later.',
};

export function isGateCode(code: unknown): code is GateCode {
  return typeof code === 'string' && (GATE_CODES as readonly string[]).includes(code);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The page for a code; the application's name replaces the placeholder when known. */
export function gatePage(code: unknown, app?: string): GatePage {
  if (!isGateCode(code)) return SERVER_ERROR_PAGE;
  const page = GATE_PAGES[code];
  if (app === undefined || app === '') return page;
  return {
    title: page.title,
    text: page.text.replace(APP_PLACEHOLDER, app).replace(capitalise(APP_PLACEHOLDER), app),
  };
}
