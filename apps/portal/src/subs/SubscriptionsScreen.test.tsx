import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE_GLOBAL_ADMIN, ROLE_GLOBAL_OWNER, SUBSCRIPTION_TEXTS } from '@portico/contracts';
import { stubApi } from '../test/fetch-stub';
import { renderAsMember } from '../test/render';
import { cardAction } from './card-action';
import { SubscriptionsScreen } from './SubscriptionsScreen';

const T = SUBSCRIPTION_TEXTS;
const app = (id: string, status: 2 | 3, link = `https://${id}.example.com`) => ({
  id,
  name: `App ${id}`,
  desc: `About ${id}`,
  iconl: '',
  link,
  status,
});

describe('cardAction', () => {
  it('follows section 2: Join beta, Cancel, Subscribe, Subscribed', () => {
    expect(cardAction({ status: 2 }, 'dis')).toEqual({ kind: 'join', next: 'beta' });
    expect(cardAction({ status: 2 }, 'beta')).toEqual({ kind: 'cancel', next: 'dis' });
    expect(cardAction({ status: 3 }, 'dis')).toEqual({ kind: 'subscribe' });
    expect(cardAction({ status: 3 }, 'subs')).toEqual({ kind: 'subscribed' });
    expect(cardAction({ status: 2 }, 'subs')).toEqual({ kind: 'subscribed' });
  });
});

describe('the subscriptions screen', () => {
  it('shows one card per app with its button, tag and new-tab link', async () => {
    stubApi({
      'GET /v1/subs': {
        Code: '200',
        Msg: {
          apps: [app('b1', 2), app('b2', 2), app('s1', 3), app('s2', 3, 'javascript:alert(1)')],
          access: { b2: 'beta', s2: 'subs' },
        },
      },
    });
    renderAsMember(<SubscriptionsScreen />, [ROLE_GLOBAL_ADMIN]);
    const b1 = await screen.findByRole('article', { name: 'App b1' });
    expect(within(b1).getByText(T.beta)).toBeVisible();
    expect(within(b1).getByRole('button', { name: T.joinBeta })).toBeEnabled();
    const links = [
      within(b1).getByRole('link', { name: T.openApp('App b1') }),
      within(b1).getByRole('link', { name: 'App b1' }),
    ];
    for (const link of links) {
      expect(link).toHaveAttribute('href', 'https://b1.example.com');
      expect(link).toHaveAttribute('target', '_blank');
    }
    const b2 = screen.getByRole('article', { name: 'App b2' });
    expect(within(b2).getByRole('button', { name: T.cancel })).toBeEnabled();
    const s1 = screen.getByRole('article', { name: 'App s1' });
    expect(within(s1).queryByText(T.beta)).toBeNull();
    expect(within(s1).getByRole('button', { name: T.subscribe })).toBeDisabled();
    expect(within(s1).getByText(T.subscribeHint)).toBeVisible();
    const s2 = screen.getByRole('article', { name: 'App s2' });
    expect(within(s2).getByRole('button', { name: T.subscribed })).toBeDisabled();
    // Not a web address: no link to open.
    expect(within(s2).queryByRole('link')).toBeNull();
  });

  it('Join beta sends beta and shows Cancel afterwards', async () => {
    let joined = false;
    const fetchStub = stubApi({
      'GET /v1/subs': () => ({
        Code: '200',
        Msg: { apps: [app('b1', 2)], access: joined ? { b1: 'beta' } : {} },
      }),
      'POST /v1/subs/update': () => {
        joined = true;
        return { Code: '200' };
      },
    });
    renderAsMember(<SubscriptionsScreen />, [ROLE_GLOBAL_ADMIN]);
    await userEvent.click(await screen.findByRole('button', { name: T.joinBeta }));
    expect(await screen.findByRole('button', { name: T.cancel })).toBeEnabled();
    expect(screen.getByText(T.joined('App b1'))).toBeVisible();
    const post = fetchStub.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ app: 'b1', status: 'beta' });
  });

  it('says when the change failed', async () => {
    stubApi({
      'GET /v1/subs': { Code: '200', Msg: { apps: [app('b1', 2)], access: { b1: 'beta' } } },
      'POST /v1/subs/update': { Code: 'not_found', status: 404 },
    });
    renderAsMember(<SubscriptionsScreen />, [ROLE_GLOBAL_ADMIN]);
    await userEvent.click(await screen.findByRole('button', { name: T.cancel }));
    expect(await screen.findByText(T.failed('App b1'))).toBeVisible();
  });

  it.each([
    ['a member without a company role', []],
    ['a member with an application role only', ['crm.teller']],
  ])('for %s: Join beta and Cancel are disabled with a hint', async (_, roles) => {
    const fetchStub = stubApi({
      'GET /v1/subs': {
        Code: '200',
        Msg: { apps: [app('b1', 2), app('b2', 2)], access: { b2: 'beta' } },
      },
    });
    const user = userEvent.setup();
    renderAsMember(<SubscriptionsScreen />, roles);
    const b1 = await screen.findByRole('article', { name: 'App b1' });
    const join = within(b1).getByRole('button', { name: T.joinBeta });
    expect(join).toBeDisabled();
    expect(join).toHaveAccessibleDescription(T.adminOnlyHint);
    const b2 = screen.getByRole('article', { name: 'App b2' });
    expect(within(b2).getByRole('button', { name: T.cancel })).toBeDisabled();
    await user.click(join);
    expect(fetchStub.mock.calls.some(([url]) => String(url).includes('/v1/subs/update'))).toBe(
      false,
    );
  });

  it('for the owner: Join beta is enabled without the hint', async () => {
    stubApi({ 'GET /v1/subs': { Code: '200', Msg: { apps: [app('b1', 2)], access: {} } } });
    renderAsMember(<SubscriptionsScreen />, [ROLE_GLOBAL_OWNER]);
    const b1 = await screen.findByRole('article', { name: 'App b1' });
    expect(within(b1).getByRole('button', { name: T.joinBeta })).toBeEnabled();
    expect(within(b1).queryByText(T.adminOnlyHint)).toBeNull();
  });
});
