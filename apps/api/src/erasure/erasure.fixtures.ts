import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { b64, bootstrapPlatform, createApp, createClient } from '../../test/factories.js';

/** Test support for the erasure tests (not a test file itself). */

/**
 * A test app with the platform bootstrapped and a client whose sessions may delete their
 * account (allowDelete): profile.deleteAccount is refused through any other.
 */
export async function startErasureApp(): Promise<{ t: TestApp; deletable: string }> {
  const t = await startTestApp();
  await bootstrapPlatform(t);
  const app = await createApp(t);
  const deletable = (await createClient(t, { appId: app.id, allowDelete: true })).id;
  return { t, deletable };
}

/** profile.deleteAccount from the session `cookie`, confirmed with `password`. */
export function deleteOwnAccount(
  t: TestApp,
  cookie: string,
  password: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/v1/profile/delete',
    headers: { cookie },
    payload: { password: b64(password) },
  });
}
