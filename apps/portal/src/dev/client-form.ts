import {
  FORM_MESSAGES,
  SECONDS_PER_UNIT,
  activityTimeoutRule,
  buildClientPayload,
  clientDescRule,
  deviceLimitFrom,
  deviceLimitRule,
  domainRule,
  durationParts,
  fieldError,
  loginRetryLimitFrom,
  loginRetryLimitRule,
  newClientForm,
  platformLabel,
  redirectUrlRule,
  sessionTtlRule,
  type DurationUnit,
  type Platform,
} from '@portico/contracts';
import type { ClientEntry } from './queries';
import {
  NEW_OIDC_DRAFT,
  oidcDraftFrom,
  oidcErrors,
  oidcPayload,
  type OidcDraft,
} from './oidc-form';

/**
 * What the client editor holds. Durations are seconds (NaN while the typed number is not a
 * whole number of at least 1); the limits keep the typed text, so non-numeric text can fall
 * back to 5 as section 5 says.
 */
export interface ClientDraft extends OidcDraft {
  app: string;
  desc: string;
  redirect: string;
  domain: string;
  platform: Platform;
  custom_hash: boolean;
  session_activity_timeout: number;
  session_ttl: number;
  allow_delete: boolean;
  allow_multiple_sessions: boolean;
  /** Ours (docs/mfa.md). */
  second_factor_required: boolean;
  device_limit: string;
  login_retry_limit: string;
}

export type ClientErrors = Partial<Record<keyof ClientDraft, string>>;

export function newClientDraft(app: string): ClientDraft {
  const form = newClientForm(app);
  return {
    ...form,
    platform: 'Web',
    session_activity_timeout: Number(form.session_activity_timeout),
    session_ttl: Number(form.session_ttl),
    device_limit: '',
    login_retry_limit: '',
    second_factor_required: false,
    ...NEW_OIDC_DRAFT,
  };
}

export function draftFromClient(client: ClientEntry): ClientDraft {
  return {
    app: client.app,
    desc: client.desc,
    redirect: client.redirect,
    domain: client.domain,
    platform: platformLabel(client.platform),
    custom_hash: client.custom_hash,
    session_activity_timeout: client.session_activity_timeout,
    session_ttl: client.session_ttl,
    allow_delete: client.allow_delete,
    allow_multiple_sessions: client.allow_multiple_sessions,
    device_limit: String(client.device_limit),
    login_retry_limit: String(client.login_retry_limit),
    second_factor_required: client.second_factor_required,
    ...oidcDraftFrom(client),
  };
}

/** The section 5 messages of a draft; the limits only exist once the client does. */
export function clientErrors(draft: ClientDraft, creating: boolean): ClientErrors {
  const errors: ClientErrors = {
    desc: fieldError(clientDescRule, draft.desc),
    redirect: fieldError(redirectUrlRule, draft.redirect),
    domain: fieldError(domainRule, draft.domain),
    session_activity_timeout: fieldError(activityTimeoutRule, draft.session_activity_timeout),
    session_ttl: fieldError(sessionTtlRule, draft.session_ttl),
    ...oidcErrors(draft),
  };
  if (!creating) {
    errors.device_limit = fieldError(deviceLimitRule, deviceLimitFrom(draft.device_limit));
    errors.login_retry_limit = fieldError(
      loginRetryLimitRule,
      loginRetryLimitFrom(draft.login_retry_limit),
    );
  }
  for (const key of Object.keys(errors) as (keyof ClientDraft)[]) {
    if (errors[key] === undefined) delete errors[key];
  }
  return errors;
}

export function hasErrors(errors: ClientErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** clients.add: platform lowercased, hashing off on Web, numbers only when greater than 0. */
export function addPayload(draft: ClientDraft) {
  const { device_limit: _limit, login_retry_limit: _retry, ...fields } = draft;
  return {
    ...buildClientPayload(fields),
    ...oidcPayload(draft),
    second_factor_required: draft.second_factor_required,
  };
}

/** clients.update: the same fields plus the id, the (masked) secret, which keeps it, and limits. */
export function updatePayload(draft: ClientDraft, id: string, secret: string) {
  return {
    ...buildClientPayload(draft),
    ...oidcPayload(draft),
    second_factor_required: draft.second_factor_required,
    id,
    secret,
  };
}

/** The server's incomplete_param on a client is shown on its name field (section 8). */
export const NAME_REQUIRED: ClientErrors = { desc: FORM_MESSAGES.required };

/** What a duration input shows: a number and a unit. */
export interface DurationText {
  text: string;
  unit: DurationUnit;
}

/** Seconds in the largest unit that divides them exactly. */
export function durationText(seconds: number): DurationText {
  if (!Number.isFinite(seconds) || seconds <= 0) return { text: '', unit: 'seconds' };
  const { value, unit } = durationParts(seconds);
  return { text: String(value), unit };
}

/** A whole number of at least 1 in its unit, as seconds; NaN otherwise. */
export function durationFromText({ text, unit }: DurationText): number {
  const value = text.trim() === '' ? Number.NaN : Number(text);
  return Number.isInteger(value) && value >= 1 ? value * SECONDS_PER_UNIT[unit] : Number.NaN;
}

/** "1 hour", "7 days": the largest exact unit, singular for one. */
export function formatDuration(seconds: number): string {
  const { text, unit } = durationText(seconds);
  if (text === '') return '';
  return `${text} ${text === '1' ? unit.slice(0, -1) : unit}`;
}
