import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';
import { sessionCompany } from './auth.js';

const com = z.string().min(1).max(64);

export const setCompany = defineCall({
  id: 'session.setCompany',
  method: 'POST',
  path: '/v1/session/com',
  summary: 'Switch the current company of the session (then reload session and company)',
  access: 'session',
  body: z.strictObject({ com }),
  answer: okMessage,
  codes: ['access_not_found', 'access_unverified', 'second_factor_required'],
});

export const companies = defineCall({
  id: 'session.companies',
  method: 'GET',
  path: '/v1/ses/com/ret',
  summary: 'The companies the signed-in user may switch to',
  access: 'session',
  answer: z.object({ companies: z.array(sessionCompany) }),
  codes: [],
});
