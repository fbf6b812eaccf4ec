import { useCallback, useEffect, useRef, useState } from 'react';
import { ALL_FILTER, FIRST_PAGE, SEARCH_DEBOUNCE_MS } from '@portico/contracts';

export interface UsersFilters {
  page: number;
  /** What the search box shows. */
  searchInput: string;
  /** The search the list is made with (trimmed; applied after the debounce). */
  search: string;
  branch: string;
  app: string;
}

const INITIAL: UsersFilters = {
  page: FIRST_PAGE,
  searchInput: '',
  search: '',
  branch: ALL_FILTER,
  app: ALL_FILTER,
};

/**
 * The users list state of section 4: search applies 1 s after typing stops, at once on Enter or
 * when cleared; changing the search or a filter goes back to page 1. Whitespace alone is no
 * search, so typing spaces makes no request.
 */
export function useUsersFilters() {
  const [state, setState] = useState<UsersFilters>(INITIAL);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancelTimer = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  useEffect(() => cancelTimer, [cancelTimer]);

  const applySearch = useCallback((text: string) => {
    const search = text.trim();
    setState((s) => (s.search === search ? s : { ...s, search, page: FIRST_PAGE }));
  }, []);

  const typeSearch = useCallback(
    (text: string) => {
      cancelTimer();
      setState((s) => ({ ...s, searchInput: text }));
      if (text === '') applySearch('');
      else timer.current = setTimeout(() => applySearch(text), SEARCH_DEBOUNCE_MS);
    },
    [applySearch, cancelTimer],
  );

  const submitSearch = useCallback(() => {
    cancelTimer();
    setState((s) => {
      const search = s.searchInput.trim();
      return s.search === search ? s : { ...s, search, page: FIRST_PAGE };
    });
  }, [cancelTimer]);

  const setBranch = useCallback((branch: string) => {
    setState((s) => ({ ...s, branch, page: FIRST_PAGE }));
  }, []);
  const setApp = useCallback((app: string) => {
    setState((s) => ({ ...s, app, page: FIRST_PAGE }));
  }, []);
  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page })), []);
  const clear = useCallback(() => {
    cancelTimer();
    setState(INITIAL);
  }, [cancelTimer]);

  const filtered =
    state.searchInput !== '' || state.branch !== ALL_FILTER || state.app !== ALL_FILTER;

  return { ...state, filtered, typeSearch, submitSearch, setBranch, setApp, setPage, clear };
}
