import { API_PORT } from '@portico/contracts';

type PageLocation = Pick<Location, 'protocol' | 'hostname' | 'port' | 'origin'>;

/**
 * Where the API is (specification, section 7): the page's protocol and host, on port 1234 when
 * the page's URL names a port (the Vite dev server, or the API itself serving the portal on
 * 1234); without a port, the page's own origin (a proxy in front of both).
 */
export function apiBaseUrl(location: PageLocation = window.location): string {
  if (location.port === '') return location.origin;
  return `${location.protocol}//${location.hostname}:${API_PORT}`;
}

/**
 * The address of a file the API serves (avatars, company images, app icons). Answers name them
 * by path; absolute and data URLs pass through unchanged.
 */
export function assetUrl(path: string, base: string = apiBaseUrl()): string {
  return path.startsWith('/') ? `${base}${path}` : path;
}
