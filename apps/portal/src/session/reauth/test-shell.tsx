import { useState } from 'react';
import type { RouteObject } from 'react-router-dom';
import { calls } from '@portico/contracts';
import { useApi } from '../../api/context';
import { Shell } from '../../ui/Shell';
import { renderRoutes } from '../../test/render';

/**
 * A page with state of its own (re-authentication in place must leave it as it was) whose Save
 * makes a call that may find the session expired.
 */
function DraftPage() {
  const api = useApi();
  const [draft, setDraft] = useState('');
  return (
    <>
      <label>
        Draft
        <input value={draft} onChange={(event) => setDraft(event.target.value)} />
      </label>
      <button
        type="button"
        onClick={() =>
          void api.callApi(calls.profile.update, { dis: draft, fname: 'M', lname: 'L' })
        }
      >
        Save
      </button>
    </>
  );
}

const routes: RouteObject[] = [
  { path: '/', element: <Shell />, children: [{ path: 'manage/me', element: <DraftPage /> }] },
  { path: '/sso', element: <h1>Login page</h1> },
];

/** The signed-in shell at /manage/me?tab=1 over a page with state (fetch stubbed by the test). */
export function renderShell() {
  return renderRoutes(routes, '/manage/me?tab=1');
}
