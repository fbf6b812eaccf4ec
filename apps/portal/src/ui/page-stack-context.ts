import { createContext, useContext, type ReactNode } from 'react';

/** One page of the stack (specification, section 3: Label, Element, Id). */
export interface Page {
  Id: string;
  Label: string;
  Element: ReactNode;
}

export type NewPage = Omit<Page, 'Id'> & { Id?: string };

export interface PageStackApi {
  /** The home page first, the page shown last. */
  pages: readonly Page[];
  /** Shows a page on top of the current one. */
  push(page: NewPage): void;
  /** Shows a page in place of the current one (the home page stays). */
  replace(page: NewPage): void;
  /** Goes back one page (never below the home page). */
  pop(): void;
  /** Goes back to the home page. */
  home(): void;
}

export const PageStackContext = createContext<PageStackApi | undefined>(undefined);

export function usePageStack(): PageStackApi {
  const stack = useContext(PageStackContext);
  if (!stack) throw new Error('usePageStack must be used inside <PageStack>');
  return stack;
}
