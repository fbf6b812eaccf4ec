import { z } from 'zod';
import { identifierRule, isPlainDisplayText, optionalDescription, requiredName } from './field.js';

/**
 * Fields of the registry and tenant editors (applications, roles, clients, companies). The
 * specification's only message for them is "Required" (incomplete_param on the fields).
 */
export const appIdRule = identifierRule;
export const appNameRule = requiredName(100);
export const appDescRule = optionalDescription(500);
export const companyIdRule = identifierRule;
export const companyNameRule = requiredName(100);
export const roleIdRule = identifierRule;
export const roleNameRule = requiredName(100);
export const roleDescRule = optionalDescription(500);
/** The client's name (its `desc`): "Required" on the name field of the client editor. */
export const clientDescRule = requiredName(100);

export const LINK_MESSAGE = 'Link must be a valid http or https URL.';

/**
 * An application link opens in a new tab, so only web URLs are accepted (a javascript: link
 * would run in the portal's origin). Empty means none. No whitespace anywhere (only the start
 * was checked, so "https://bank.example evil.example" passed) and none of the invisible
 * characters that make a shown link read as another (isPlainDisplayText).
 */
export const appLinkRule = z
  .string()
  .trim()
  .max(2048, { error: LINK_MESSAGE })
  .refine(
    (value) =>
      value === '' || (/^https?:\/\/[^\s/?#]+\S*$/i.test(value) && isPlainDisplayText(value)),
    { error: LINK_MESSAGE },
  );

export const DOMAIN_MESSAGE = 'Invalid domain.';

/** The client's domain: a host name, or empty. */
export const domainRule = z
  .string()
  .trim()
  .max(253, { error: DOMAIN_MESSAGE })
  .regex(
    /^$|^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*(?::\d{1,5})?$/,
    {
      error: DOMAIN_MESSAGE,
    },
  );
