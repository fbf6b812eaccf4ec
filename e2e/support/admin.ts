import type { APIRequestContext } from '@playwright/test';
import { APP_STATUS, PLATFORM_COMPANY_ID, calls, encodeBase64 } from '@portico/contracts';
import type { CallDefinition } from '@portico/contracts';
import type { AnswerOf, PayloadOf } from './api.js';
import { CallFailed, callApi } from './api.js';
import { uniqueId } from './names.js';

export interface Named {
  id: string;
  name: string;
}

export type AppStatus = keyof typeof APP_STATUS;

export interface Grant {
  app: string;
  roles: string[];
}

/** clients.add fields other than app and redirect; the defaults make a plain Web client. */
export type ClientOptions = Partial<Omit<PayloadOf<typeof calls.clients.add>, 'app' | 'redirect'>>;

/** A session that ended or idled out is opened again, once per call. */
const SIGN_IN_AGAIN = new Set(['session_expired', 'session_invalid', 'auth_invalid']);

/**
 * An administrator's session through the real API, with the seeding calls journey tests need:
 * the platform administrator (company core1: every call below) or a company's owner (`company`:
 * `invite` only). Names left out are made unique. The portal client's session idles out after
 * 60 s without calls, so a call that finds it gone signs in again and is repeated.
 */
export class AdminApi {
  constructor(
    readonly api: APIRequestContext,
    private readonly signInAgain: () => Promise<void>,
    /** The session's current company, which `invite` invites into. */
    readonly company: string = PLATFORM_COMPANY_ID,
  ) {}

  async call<C extends CallDefinition>(
    call: C,
    payload?: PayloadOf<C>,
    query?: Record<string, string>,
  ): Promise<AnswerOf<C>> {
    let answer = await callApi(this.api, call, payload, query);
    if (SIGN_IN_AGAIN.has(answer.Code)) {
      await this.signInAgain();
      answer = await callApi(this.api, call, payload, query);
    }
    if (answer.Code !== '200') throw new CallFailed(call.id, answer);
    return answer.Msg as AnswerOf<C>;
  }

  async createCompany(company: Partial<Named> = {}): Promise<Named> {
    const id = company.id ?? uniqueId('com');
    const name = company.name ?? `Company ${id}`;
    await this.call(calls.companies.add, { id, name });
    return { id, name };
  }

  /** apps.add, then apps.update for the status (Released by default: open to every company). */
  async createApp(
    app: Partial<Named> & { status?: AppStatus; desc?: string; link?: string } = {},
  ): Promise<Named> {
    const id = app.id ?? uniqueId('app');
    const name = app.name ?? `App ${id}`;
    const desc = app.desc ?? `End-to-end application ${id}`;
    await this.call(calls.apps.add, { id, name, desc });
    await this.call(calls.apps.update, {
      id,
      name,
      desc,
      status: APP_STATUS[app.status ?? 'released'],
      link: app.link ?? '',
    });
    return { id, name };
  }

  async createRole(app: string, role: Partial<Named> & { desc?: string } = {}): Promise<Named> {
    const id = role.id ?? uniqueId('role');
    const name = role.name ?? `Role ${id}`;
    await this.call(calls.roles.add, { id, name, desc: role.desc ?? '', app });
    return { id, name };
  }

  /** A client of `app` returning to `redirect`; the secret is only in this answer. */
  createClient(
    app: string,
    redirect: string,
    options: ClientOptions = {},
  ): Promise<AnswerOf<typeof calls.clients.add>> {
    return this.call(calls.clients.add, {
      app,
      redirect,
      desc: `Client of ${app}`,
      platform: 'web',
      domain: new URL(redirect).hostname,
      custom_hash: false,
      allow_delete: false,
      allow_multiple_sessions: true,
      ...options,
    });
  }

  /** Invites (or re-invites) the owner of a company; the mail holds the /invite link. */
  async inviteOwner(com: string, email: string): Promise<void> {
    await this.call(calls.companies.inviteOwner, { com, email: encodeBase64(email) });
  }

  /** Invites an e-mail into this session's company with roles (one mail, a link per app). */
  async invite(email: string, roles: Grant[]): Promise<void> {
    await this.call(calls.invites.send, { email: encodeBase64(email), roles });
  }
}
