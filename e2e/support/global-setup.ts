import type { FullConfig } from '@playwright/test';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import { newApiContext } from './api.js';
import { MailBox } from './mail.js';
import { signInThroughApi } from './sign-in.js';
import { ADMIN, ADMIN_DEVICE, SETUP_CLIENT_IP } from './stack.js';

/**
 * Runs once after the servers started: signs the platform administrator in through the API so
 * its device (ADMIN_DEVICE) is verified with the e-mailed code. Workers then sign in with that
 * device without a code, so they never race for one another's code mails.
 */
export default async function globalSetup(_config: FullConfig): Promise<void> {
  const api = await newApiContext(SETUP_CLIENT_IP);
  try {
    await signInThroughApi(
      api,
      new MailBox(),
      { login: ADMIN.username, password: ADMIN.password, email: ADMIN.email },
      { dcd: ADMIN_DEVICE, com: PLATFORM_COMPANY_ID },
    );
  } finally {
    await api.dispose();
  }
}
