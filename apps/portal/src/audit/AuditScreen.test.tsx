import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AUDIT_TEXTS as T,
  CODES,
  PLATFORM_COMPANY_ID,
  ROLE_GLOBAL_ADMIN,
  ROLE_GLOBAL_OWNER,
  type AuditEvent,
} from '@portico/contracts';
import { renderAsMember } from '../test/render';
import { AuditScreen } from './AuditScreen';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function event(id: string, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id,
    at: '2026-11-24T09:30:15.000Z',
    action: 'user.roles.update',
    actor: { id: 'u-ann', email: 'ann@bank.example', name: 'Ann Admin' },
    target: 'u-bob',
    target_user: { id: 'u-bob', email: 'bob@bank.example', name: 'Bob Teller' },
    company: { id: 'acme', name: 'Acme Bank' },
    client: 'portico-portal',
    ip: '198.51.100.7',
    details: { email: 'bob@bank.example', grants: [{ app: 'crm', roles: ['viewer'] }] },
    ...overrides,
  };
}

interface Reply {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

/** fetch answering by path: the list's pages, and the export's file or refusal. */
function stubFetch(answer: (url: URL) => Reply) {
  const stub = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    const reply = answer(url);
    const body = reply.json === undefined ? (reply.text ?? '') : JSON.stringify(reply.json);
    return new Response(body, {
      status: reply.status ?? 200,
      headers: reply.headers ?? { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', stub);
  const urls = (path: string) =>
    stub.mock.calls.map(([input]) => new URL(String(input))).filter((url) => url.pathname === path);
  return { stub, urls };
}

const page = (events: AuditEvent[], next: string | null = null): Reply => ({
  json: { Code: '200', Msg: { events, next } },
});

const asCompanyAdmin = () => renderAsMember(<AuditScreen />, [ROLE_GLOBAL_OWNER], 'acme');
const asPlatformAdmin = () =>
  renderAsMember(<AuditScreen />, [ROLE_GLOBAL_ADMIN], PLATFORM_COMPANY_ID);

describe('AuditScreen', () => {
  it("shows a company owner their company's events, without a Company column", async () => {
    stubFetch(() => page([event('2'), event('1', { actor: null, target_user: null })]));
    asCompanyAdmin();
    expect(await screen.findByText(T.intro)).toBeVisible();
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('columnheader', { name: T.company })).toBeNull();
    const rows = within(table).getAllByRole('row');
    // The header, then each event's row and its (hidden) details row.
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Ann Admin')).toBeVisible();
    expect(within(rows[1] as HTMLElement).getByText('bob@bank.example')).toBeVisible();
    expect(within(rows[2] as HTMLElement).getByText(T.system)).toBeVisible();
    expect(within(rows[2] as HTMLElement).getByText('u-bob')).toBeVisible();
  });

  it("shows a platform administrator every company's events with their company", async () => {
    stubFetch(() => page([event('1')]));
    asPlatformAdmin();
    expect(await screen.findByText(T.introPlatform)).toBeVisible();
    expect(await screen.findByRole('columnheader', { name: T.company })).toBeVisible();
    expect(screen.getByRole('cell', { name: 'Acme Bank' })).toBeVisible();
  });

  it('says so when no event matches', async () => {
    stubFetch(() => page([]));
    asCompanyAdmin();
    expect(await screen.findByText(T.noEvents)).toBeVisible();
    expect(screen.queryByRole('button', { name: T.loadMore })).toBeNull();
  });

  it('loads the next page by its cursor and appends it, until the last', async () => {
    const { urls } = stubFetch((url) =>
      url.searchParams.get('cursor') === 'c1' ? page([event('1')]) : page([event('2')], 'c1'),
    );
    asCompanyAdmin();
    const more = await screen.findByRole('button', { name: T.loadMore });
    await userEvent.click(more);
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Details of/ })).toHaveLength(2),
    );
    expect(urls('/v1/audit').map((url) => url.searchParams.get('cursor'))).toEqual([null, 'c1']);
    expect(screen.queryByRole('button', { name: T.loadMore })).toBeNull();
  });

  it('opens and closes an event to its details as key and value', async () => {
    stubFetch(() => page([event('1')]));
    asCompanyAdmin();
    const button = await screen.findByRole('button', { name: /^Details of user\.roles\.update/ });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const details = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(details).not.toBeVisible();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(details).toBeVisible();
    const list = within(details as HTMLElement);
    expect(list.getByText('grants')).toBeVisible();
    expect(list.getByText('[{"app":"crm","roles":["viewer"]}]')).toBeVisible();
    expect(list.getByText('portico-portal')).toBeVisible();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(details).not.toBeVisible();
  });

  it('sends the filters on Apply (times as instants) and clears them', async () => {
    const { urls } = stubFetch(() => page([event('1')]));
    asCompanyAdmin();
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText(T.actor), ' ann@bank.example ');
    await userEvent.type(screen.getByLabelText(T.action), 'user.roles.update');
    await userEvent.type(screen.getByLabelText(T.ip), '198.51.100.7');
    const from = screen.getByLabelText(T.from);
    await userEvent.type(from, '2026-11-24T09:00');
    await userEvent.click(screen.getByRole('button', { name: T.apply }));
    await waitFor(() => expect(urls('/v1/audit')).toHaveLength(2));
    const sent = Object.fromEntries(urls('/v1/audit')[1]?.searchParams ?? []);
    expect(sent).toEqual({
      actor: 'ann@bank.example',
      action: 'user.roles.update',
      ip: '198.51.100.7',
      from: new Date('2026-11-24T09:00').toISOString(),
    });
    await userEvent.click(screen.getByRole('button', { name: T.clear }));
    await waitFor(() => expect(screen.getByLabelText(T.actor)).toHaveValue(''));
    await waitFor(() => expect(urls('/v1/audit')).toHaveLength(3));
    expect(urls('/v1/audit').at(-1)?.search).toBe('');
  });

  it('tells a refused filter apart from an outage', async () => {
    stubFetch(() => ({ status: 400, json: { Code: 'incomplete_param', Msg: {} } }));
    asCompanyAdmin();
    expect(await screen.findByText(T.badFilter)).toBeVisible();
  });

  it('exports the applied filter as CSV and hands the file to the browser', async () => {
    const { urls } = stubFetch((url) =>
      url.pathname === '/v1/audit/export'
        ? {
            text: 'id,time\r\n1,2026\r\n',
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': 'attachment; filename="portico-audit-x.csv"',
            },
          }
        : page([event('1')]),
    );
    const created = vi.fn((_file: Blob) => 'blob:audit');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    asCompanyAdmin();
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText(T.action), 'branch.add');
    await userEvent.click(screen.getByRole('button', { name: T.apply }));
    await userEvent.click(screen.getByRole('button', { name: T.exportCsv }));
    await waitFor(() => expect(clicked).toEqual(['portico-audit-x.csv']));
    expect(await created.mock.calls[0]?.[0].text()).toBe('id,time\r\n1,2026\r\n');
    const sent = urls('/v1/audit/export')[0]?.searchParams;
    expect(Object.fromEntries(sent ?? [])).toEqual({ action: 'branch.add', format: 'csv' });
  });

  it.each([
    ['export_too_large', 400],
    ['export_rate_limited', 429],
  ] as const)('shows why an export is refused (%s)', async (code, status) => {
    stubFetch((url) =>
      url.pathname === '/v1/audit/export'
        ? { status, json: { Code: code, Msg: '' } }
        : page([event('1')]),
    );
    asPlatformAdmin();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: T.exportJsonl }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CODES[code].text);
  });
});
