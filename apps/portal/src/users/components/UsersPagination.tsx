import { Pagination } from 'react-bootstrap';
import { USERS_MESSAGES, USERS_PAGE_SIZE, USERS_SCREEN_TEXTS } from '@portico/contracts';
import { jumpTo, pageCount, pageItems, shownRange } from '../pagination';

const T = USERS_SCREEN_TEXTS;

export interface UsersPaginationProps {
  page: number;
  total: number;
  onPage(page: number): void;
}

/** "Showing X-Y of N users" and the page buttons, only when there is more than one page. */
export function UsersPagination({ page, total, onPage }: UsersPaginationProps) {
  if (total <= USERS_PAGE_SIZE) return null;
  const pages = pageCount(total);
  const { from, to } = shownRange(page, total);
  const go = (target: number) => {
    const next = jumpTo(page, target, pages);
    if (next !== page) onPage(next);
  };
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <span className="small text-body-secondary" role="status">
        {USERS_MESSAGES.showing(from, to, total)}
      </span>
      <nav aria-label={T.pagination}>
        <Pagination size="sm" className="mb-0 flex-wrap">
          <Pagination.Prev
            disabled={page <= 1}
            onClick={() => go(page - 1)}
            aria-label={T.previousPage}
          />
          {pageItems(page, pages).map((item) =>
            typeof item === 'number' ? (
              <Pagination.Item
                key={item}
                active={item === page}
                onClick={() => go(item)}
                aria-label={T.page(item)}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </Pagination.Item>
            ) : (
              <Pagination.Ellipsis key={item} disabled />
            ),
          )}
          <Pagination.Next
            disabled={page >= pages}
            onClick={() => go(page + 1)}
            aria-label={T.nextPage}
          />
        </Pagination>
      </nav>
    </div>
  );
}
