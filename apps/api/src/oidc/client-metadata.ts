/** Client metadata of Portico's own (the clients table's settings the provider reads). */
export const PORTICO_METADATA = {
  fapi2: 'portico_fapi2',
  accessTokenTtl: 'portico_access_token_ttl',
  refreshTokenTtl: 'portico_refresh_token_ttl',
} as const;
