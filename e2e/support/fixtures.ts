import { test as base, expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { Grant } from './admin.js';
import { AdminApi } from './admin.js';
import { newApiContext } from './api.js';
import { ClientIps } from './client-ip.js';
import type { AgeOptions } from './database.js';
import { ageSessions } from './database.js';
import { MailBox } from './mail.js';
import type { Member, NewMember } from './members.js';
import { createOwner, inviteAndRegister } from './members.js';
import { uniqueId } from './names.js';
import type { RunningSampleClient } from './sample-client.js';
import { startSampleClient } from './sample-client.js';
import type { Account, SignInOptions, SignedIn } from './sign-in.js';
import { signInThroughApi } from './sign-in.js';
import { ADMIN, ADMIN_DEVICE } from './stack.js';

export interface MemberOptions extends NewMember {
  /** The roles to invite with, per application (at least one role). */
  roles: Grant[];
  /** The company to join; core1 (the platform administrator invites) by default. */
  company?: string;
}

interface WorkerFixtures {
  /** Unique client addresses for this worker (see client-ip.ts). */
  clientIps: ClientIps;
  /** The messages the API sent, from the mail peer. */
  mail: MailBox;
  /** The platform administrator, signed in through the real API in core1, for the worker. */
  adminApi: AdminApi;
}

interface TestFixtures {
  /** This test's own client address; its browser context and `api` present it. */
  clientIp: string;
  /** A request context of this test: browser User-Agent, the portal's Origin, `clientIp`. */
  api: APIRequestContext;
  /** Invites and registers a new account with verified access: ready to sign in. */
  createMember: (options: MemberOptions) => Promise<Member>;
  /**
   * Signs an account in through the API in a new request context of its own address (device
   * code from the mail peer), optionally choosing a company.
   */
  signInApi: (
    account: Account,
    options?: Partial<SignInOptions>,
  ) => Promise<SignedIn & { api: APIRequestContext }>;
  /** Makes the user's live sessions idle-expired (SQL); skips the test without PostgreSQL. */
  ageSession: (username: string, options?: AgeOptions) => Promise<number>;
  /** An application, role and client registered for the sample client, which runs here. */
  sampleClient: RunningSampleClient;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  clientIps: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern
    async ({}, use, workerInfo) => use(new ClientIps(workerInfo.workerIndex)),
    { scope: 'worker' },
  ],

  mail: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern
    async ({}, use) => use(new MailBox()),
    { scope: 'worker' },
  ],

  adminApi: [
    async ({ clientIps, mail }, use) => {
      const context = await newApiContext(clientIps.next());
      const account = { login: ADMIN.username, password: ADMIN.password, email: ADMIN.email };
      const signIn = async () => {
        await signInThroughApi(context, mail, account, {
          dcd: ADMIN_DEVICE,
          com: PLATFORM_COMPANY_ID,
        });
      };
      await signIn();
      await use(new AdminApi(context, signIn));
      await context.dispose();
    },
    { scope: 'worker' },
  ],

  clientIp: async ({ clientIps }, use) => use(clientIps.next()),

  extraHTTPHeaders: async ({ extraHTTPHeaders, clientIp }, use) =>
    use({ ...extraHTTPHeaders, 'x-forwarded-for': clientIp }),

  api: async ({ clientIp }, use) => {
    const context = await newApiContext(clientIp);
    await use(context);
    await context.dispose();
  },

  signInApi: async ({ clientIps, mail }, use) => {
    const contexts: APIRequestContext[] = [];
    await use(async (account, options = {}) => {
      const context = await newApiContext(clientIps.next());
      contexts.push(context);
      const signedIn = await signInThroughApi(context, mail, account, {
        ...options,
        dcd: options.dcd ?? uniqueId('dcd'),
      });
      return { ...signedIn, api: context };
    });
    await Promise.all(contexts.map((context) => context.dispose()));
  },

  createMember: async ({ adminApi, mail, clientIps, signInApi }, use) => {
    const contexts: APIRequestContext[] = [];
    // One owner per company is enough for every member a test creates there.
    const owners = new Map<string, Promise<AdminApi>>();
    const publicCaller = async () => {
      // Each registration from an address of its own: a test may create many accounts.
      const context = await newApiContext(clientIps.next());
      contexts.push(context);
      return context;
    };
    const ownerOf = async (com: string): Promise<AdminApi> => {
      const owner = await createOwner(adminApi, await publicCaller(), mail, com);
      const account = { login: owner.username, password: owner.password, email: owner.email };
      const dcd = uniqueId('dcd');
      const session = await signInApi(account, { dcd, com });
      const signInAgain = async () => {
        await signInThroughApi(session.api, mail, account, { dcd, com });
      };
      return new AdminApi(session.api, signInAgain, com);
    };
    await use(async ({ roles, company = PLATFORM_COMPANY_ID, ...person }) => {
      let inviter = adminApi;
      if (company !== PLATFORM_COMPANY_ID) {
        if (!owners.has(company)) owners.set(company, ownerOf(company));
        inviter = await (owners.get(company) as Promise<AdminApi>);
      }
      return inviteAndRegister(inviter, await publicCaller(), mail, roles, person);
    });
    await Promise.all(contexts.map((context) => context.dispose()));
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern
  ageSession: async ({}, use, testInfo) => {
    await use(async (username, options) => {
      const aged = await ageSessions(username, options);
      if (aged === undefined) testInfo.skip(true, 'ageing a session needs the run on PostgreSQL');
      return aged ?? 0;
    });
  },

  sampleClient: async ({ adminApi }, use) => {
    const running = await startSampleClient(adminApi);
    await use(running);
    await running.close();
  },
});

export { expect };
