import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';
import { BANNED_SORTS } from '../constants.js';
import { bannedEntry, whitelistEntry } from '../entities.js';
import { ipAddressRule, recordedIpRule, whitelistDescriptionRule } from '../rules.js';

/** The IP whitelist (never banned) and the banned IPs (platform administrators). */

export const whitelist = defineCall({
  id: 'ipLists.whitelist',
  method: 'GET',
  path: '/v1/whitelist',
  summary: 'The whitelisted IP addresses',
  access: 'platform-admin',
  pathChosen: true,
  answer: z.object({ whitelist: z.array(whitelistEntry) }),
  codes: [],
});

export const addWhitelist = defineCall({
  id: 'ipLists.addWhitelist',
  method: 'POST',
  path: '/v1/whitelist/add',
  summary: 'Whitelist an IP address (any ban on it is lifted)',
  access: 'platform-admin',
  pathChosen: true,
  body: z.strictObject({ ip: ipAddressRule, description: whitelistDescriptionRule.optional() }),
  answer: okMessage,
  codes: ['already_whitelisted'],
});

export const removeWhitelist = defineCall({
  id: 'ipLists.removeWhitelist',
  method: 'POST',
  path: '/v1/whitelist/remove',
  summary: 'Take an IP address off the whitelist',
  access: 'platform-admin',
  pathChosen: true,
  body: z.strictObject({ ip: recordedIpRule }),
  answer: okMessage,
  codes: ['not_found'],
});

export const banned = defineCall({
  id: 'ipLists.banned',
  method: 'GET',
  path: '/v1/banned',
  summary: 'The banned IP addresses, newest first unless sorted otherwise',
  access: 'platform-admin',
  pathChosen: true,
  query: z.strictObject({ sort: z.enum(BANNED_SORTS).optional() }),
  answer: z.object({ banned: z.array(bannedEntry) }),
  codes: [],
});

export const unban = defineCall({
  id: 'ipLists.unban',
  method: 'POST',
  path: '/v1/banned/remove',
  summary: 'Lift the ban on an IP address',
  access: 'platform-admin',
  pathChosen: true,
  body: z.strictObject({ ip: recordedIpRule }),
  answer: okMessage,
  codes: ['not_found'],
});
