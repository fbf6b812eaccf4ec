import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { PRODUCT_NAME } from '@portico/contracts';

/** What a route tells the layouts: its name, and the page title when it is not the usual one. */
export interface RouteHandle {
  label: string;
  title?: string;
}

/** The label of the deepest route that has one, and the browser tab's title set from it. */
export function useRouteTitle(): string {
  const matches = useMatches();
  const handle = matches
    .map((match) => match.handle as RouteHandle | undefined)
    .filter((h): h is RouteHandle => h !== undefined)
    .at(-1);
  const label = handle?.label ?? PRODUCT_NAME;
  const title = handle?.title ?? (handle ? `${label} · ${PRODUCT_NAME}` : PRODUCT_NAME);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return label;
}
