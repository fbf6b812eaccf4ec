import { useEffect, useMemo, useRef, useState } from 'react';
import { PageStackContext, type NewPage, type Page, type PageStackApi } from './page-stack-context';

/**
 * A stack of pages over a home page (a screen's list, then a detail pushed on top of it). Pages
 * below the top stay mounted but hidden, so going back keeps their state; a trail of labels
 * leads back. Give it a `key` to start again from the home page (the shell keys it by route).
 */
export function PageStack({ home }: { home: NewPage }) {
  const [pushed, setPushed] = useState<Page[]>([]);
  const nextId = useRef(0);
  const topRef = useRef<HTMLDivElement>(null);
  const depth = pushed.length;
  const shownDepth = useRef(depth);

  const homePage = useMemo<Page>(
    () => ({ Id: home.Id ?? 'home', Label: home.Label, Element: home.Element }),
    [home.Id, home.Label, home.Element],
  );
  const pages = useMemo(() => [homePage, ...pushed], [homePage, pushed]);

  const api = useMemo<PageStackApi>(() => {
    const withId = (page: NewPage): Page => ({
      ...page,
      Id: page.Id ?? `page-${++nextId.current}`,
    });
    return {
      pages,
      push: (page) => setPushed((stack) => [...stack, withId(page)]),
      replace: (page) => setPushed((stack) => [...stack.slice(0, -1), withId(page)]),
      pop: () => setPushed((stack) => stack.slice(0, -1)),
      home: () => setPushed([]),
    };
  }, [pages]);

  // Moving between pages moves the keyboard focus to the page now shown.
  useEffect(() => {
    if (shownDepth.current === depth) return;
    shownDepth.current = depth;
    topRef.current?.focus();
  }, [depth]);

  return (
    <PageStackContext.Provider value={api}>
      {pages.length > 1 && (
        <nav aria-label="Page trail">
          <ol className="breadcrumb">
            {pages.slice(0, -1).map((page, index) => (
              <li key={page.Id} className="breadcrumb-item">
                <button
                  type="button"
                  className="btn btn-link p-0 align-baseline"
                  onClick={() => setPushed((stack) => stack.slice(0, index))}
                >
                  {page.Label}
                </button>
              </li>
            ))}
            <li className="breadcrumb-item active" aria-current="page">
              {pages[pages.length - 1]?.Label}
            </li>
          </ol>
        </nav>
      )}
      {pages.map((page, index) => {
        const top = index === pages.length - 1;
        return (
          <div
            key={page.Id}
            hidden={!top}
            ref={top ? topRef : undefined}
            tabIndex={-1}
            className="page-stack-page"
          >
            {page.Element}
          </div>
        );
      })}
    </PageStackContext.Provider>
  );
}
