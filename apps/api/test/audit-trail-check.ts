import { expect } from 'vitest';
import type { CallDefinition } from '@portico/contracts';
import { PORTAL_CLIENT_ID } from '@portico/contracts';
import type { TestApp } from './harness.js';
import type { MailPeer } from './mail-peer.js';
import type { CallInput } from './send-call.js';
import { sendCall } from './send-call.js';

/**
 * The check behind audit-trail*.test.ts: one successful call from its own peer address, then
 * exactly the expected audit events, each saying who (actor), what (a dotted action and a
 * target), which company, when and from which IP, with no secret in it.
 */

export interface Caller {
  id: string;
  cookie: string;
  /** The session token: a secret too. */
  token: string;
  /** The session's current company, which the events must name. */
  companyId: string;
}

export interface Prepared {
  input: CallInput;
  /** Who calls, when not the row's usual caller (e.g. a fresh account for MFA changes). */
  caller?: Caller;
  /** Secrets the call sends (passwords, PINs) or that exist already (an old client secret). */
  secrets?: string[];
  /** The call mails a link to this address: its codes are secrets, and the mail must arrive. */
  mailTo?: string;
  /** The target the first event must name, where the row states it. */
  target?: string;
}

export interface AuditRow<Ctx> {
  call: CallDefinition;
  /** The events the call records, in order: one per call, two for a rotated client secret. */
  actions: string[];
  prepare: (ctx: Ctx) => Promise<Prepared>;
}

export const auditRow = <Ctx>(
  call: CallDefinition,
  actions: string[],
  prepare: AuditRow<Ctx>['prepare'],
): AuditRow<Ctx> => ({ call, actions, prepare });

/** Every `code=` value of the links in a mail (invitation and reset codes). */
function linkCodes(text: string): string[] {
  return [...text.matchAll(/https?:\/\/\S+/g)].flatMap((match) => {
    const code = new URL(match[0]).searchParams.get('code');
    return code ? [code] : [];
  });
}

/** Secret-looking values of an answer (a client secret answered once). */
function answeredSecrets(msg: unknown): string[] {
  if (typeof msg !== 'object' || msg === null) return [];
  const secret = (msg as { client_secret?: unknown }).client_secret;
  return typeof secret === 'string' ? [secret] : [];
}

export async function expectAudited(
  t: TestApp,
  peer: MailPeer,
  made: {
    row: Pick<AuditRow<never>, 'call' | 'actions'>;
    prepared: Prepared;
    caller: Caller;
    /** The peer address of this call, unique to it. */
    ip: string;
    /** Secrets of every call (the caller's password, plain and base64). */
    secrets: string[];
  },
): Promise<void> {
  const { row, prepared, caller, ip } = made;
  const last = await t.db.prisma.auditEvent.aggregate({ _max: { id: true } });
  const startedAt = Date.now();

  const res = await sendCall(t, row.call, prepared.input, { cookie: caller.cookie, ip });

  expect(res.json()).toMatchObject({ Code: '200' });
  const secrets = [
    ...made.secrets,
    caller.token,
    ...(prepared.secrets ?? []),
    ...answeredSecrets(res.json<{ Msg: unknown }>().Msg),
  ];
  if (prepared.mailTo) {
    const codes = linkCodes((await peer.nextMailTo(prepared.mailTo)).text);
    expect(codes.length).toBeGreaterThan(0);
    secrets.push(...codes);
  }
  const events = await t.db.prisma.auditEvent.findMany({
    where: { id: { gt: last._max.id ?? 0n } },
    orderBy: { id: 'asc' },
  });
  expect(events.map((event) => event.action)).toEqual(row.actions);
  if (prepared.target) expect(events[0]?.target).toBe(prepared.target);
  for (const event of events) {
    expect(event.action).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
    expect(event.target).toBeTruthy();
    expect(event).toMatchObject({
      actorId: caller.id,
      companyId: caller.companyId,
      clientId: PORTAL_CLIENT_ID,
      ip,
    });
    // `at` is the database's clock: within the last minute, not before the call (1 s slack).
    expect(event.at.getTime()).toBeGreaterThan(startedAt - 1_000);
    expect(Date.now() - event.at.getTime()).toBeLessThan(60_000);
    const recorded = JSON.stringify({ target: event.target, details: event.details });
    for (const secret of secrets) expect(recorded).not.toContain(secret);
  }
}
