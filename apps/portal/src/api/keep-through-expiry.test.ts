import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../providers';

const LIST = { Code: '200', Msg: { devices: ['Chrome on Linux'] } };
const EXPIRED = { Code: 'session_expired', Msg: { dis: 'Maria Lopez' } };

describe("the portal's queries when the session expires (issue 17)", () => {
  it('keep what the page shows when a refetch answers session_expired, then take the next answer', async () => {
    const client = createQueryClient();
    const fetchWith = (answer: object) =>
      client.fetchQuery({ queryKey: ['devices'], queryFn: () => answer, staleTime: 0 });
    await fetchWith(LIST);
    await fetchWith(EXPIRED);
    expect(client.getQueryData(['devices'])).toEqual(LIST);

    // Re-authenticated: the refetch answers again and replaces it.
    const renewed = { Code: '200', Msg: { devices: ['Chrome on Linux', 'Firefox on Mac'] } };
    await fetchWith(renewed);
    expect(client.getQueryData(['devices'])).toEqual(renewed);
  });

  it('let a first answer, and an ended session, through as they are', async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['first'], queryFn: () => EXPIRED });
    expect(client.getQueryData(['first'])).toEqual(EXPIRED);
    const ended = { Code: 'session_invalid', Msg: 'session_invalid' };
    await client.fetchQuery({ queryKey: ['ended'], queryFn: () => LIST });
    await client.fetchQuery({ queryKey: ['ended'], queryFn: () => ended, staleTime: 0 });
    expect(client.getQueryData(['ended'])).toEqual(ended);
  });
});
